import type { TUserContactOption } from '@lms/contracts/user-contact-options';
import { Alert, Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconMail, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useContactOptions } from '../api/contacts';
import { AppointmentModal } from '../components/appointment-modal';

/** Groups the contacts (sorted by the server) under their responsibility, in the server's order. */
function byResponsibility(items: TUserContactOption[]): [string, TUserContactOption[]][] {
  const groups = new Map<string, TUserContactOption[]>();
  for (const c of items) groups.set(c.responsibility, [...(groups.get(c.responsibility) ?? []), c]);
  return [...groups];
}

/** /contacts: the contact person page (spec section 2), with the appointment dialog for each contact. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  usePageTitle(t('title'));
  const errorText = useErrorText();
  const contacts = useContactOptions();
  const [asking, setAsking] = useState<TUserContactOption | null>(null);
  return (
    <Stack>
      <PageHeader title={t('title')} intro={t('intro')} />
      {contacts.isPending && <PageLoader />}
      {contacts.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(contacts.error)}
        </Alert>
      )}
      {contacts.data?.items.length === 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t('emptyTitle')}</Text>
          <Text size="sm" mt={4}>
            {t('emptyText')}
          </Text>
        </Paper>
      )}
      {contacts.data &&
        byResponsibility(contacts.data.items).map(([responsibility, people]) => (
          <Stack key={responsibility} gap="xs">
            <Title order={2} size="h3">
              {responsibility}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {people.map((c) => (
                <Card key={c.id} withBorder radius="md" padding="md">
                  <Stack gap={6}>
                    <Text fw={600}>{`${c.firstName} ${c.lastName}`}</Text>
                    {c.email && (
                      <Group gap={6} wrap="nowrap">
                        <IconMail size={16} aria-hidden />
                        <Anchor href={`mailto:${c.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
                          {c.email}
                        </Anchor>
                      </Group>
                    )}
                    {c.phone && (
                      <Group gap={6} wrap="nowrap">
                        <IconPhone size={16} aria-hidden />
                        <Anchor href={`tel:${c.phone.replace(/[^0-9+]/g, '')}`} size="sm">
                          {c.phone}
                        </Anchor>
                      </Group>
                    )}
                    {c.email ? (
                      <Button
                        mt="xs"
                        variant="light"
                        leftSection={<IconCalendarPlus size={18} aria-hidden />}
                        onClick={() => setAsking(c)}
                        aria-label={t('askFor', { name: `${c.firstName} ${c.lastName}` })}
                      >
                        {t('ask')}
                      </Button>
                    ) : (
                      <Text size="sm" c="dark.4">
                        {t('phoneOnly')}
                      </Text>
                    )}
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      {asking && <AppointmentModal contact={asking} onClose={() => setAsking(null)} />}
    </Stack>
  );
}
