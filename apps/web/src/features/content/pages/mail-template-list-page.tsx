import { MAIL_TEMPLATE_KINDS, type TMailTemplateKind } from '@lms/contracts/mail-templates';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TablePaging, usePaging } from '../../../components/table-paging';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMailTemplates } from '../api/mail-templates';
import { CreateMailTemplateModal } from '../components/create-mail-template-modal';
import { BADGE_STYLES } from '../components/mail-status';
import { formatDateTime } from '../components/format';

/** /content/mail-template: every template of the client, the standard one of each kind first made from defaults. */
export function MailTemplateListPage() {
  const { t, i18n } = useTranslation('mail');
  const errorText = useErrorText();
  usePageTitle(t('templates.title'));
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<TMailTemplateKind | null>(null);
  const [creating, create] = useDisclosure(false);
  const list = useMailTemplates({ page, pageSize, search: debounced, kind });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('templates.title')}</Title>
          <Text c="dimmed">{t('templates.intro')}</Text>
        </div>
        <Button onClick={create.open}>{t('templates.create')}</Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('templates.search')}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('templates.kind')}
          value={kind ?? ''}
          onChange={(e) => {
            setKind((e.currentTarget.value || null) as TMailTemplateKind | null);
            setPage(1);
          }}
          data={[
            { value: '', label: t('templates.allKinds') },
            ...MAIL_TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          ]}
        />
      </Group>
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('templates.name')}</Table.Th>
              <Table.Th>{t('templates.kind')}</Table.Th>
              <Table.Th>{t('templates.subject')}</Table.Th>
              <Table.Th>{t('templates.type')}</Table.Th>
              <Table.Th>{t('templates.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/content/mail-template/${item.id}`}>
                    {item.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`kinds.${item.kind}`)}</Table.Td>
                <Table.Td>{item.subject}</Table.Td>
                <Table.Td>
                  <Badge styles={BADGE_STYLES} variant="light" color={item.isStandard ? 'blue' : 'grape'}>
                    {item.isStandard ? t('templates.standard') : t('templates.additional')}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(item.updatedAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
            {list.data?.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>{t('templates.empty')}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && (
        <TablePaging
          paging={paging}
          total={list.data.total}
          totalLabel={t('paging.total', { count: list.data.total })}
        />
      )}
      <CreateMailTemplateModal opened={creating} onClose={create.close} />
    </Stack>
  );
}
