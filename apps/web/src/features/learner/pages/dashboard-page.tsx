import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { usePageTitle } from '../../../lib/use-page-title';

/** The dashboard (spec section 2); its training list arrives with the learner issue. */
export function DashboardPage() {
  const { t } = useTranslation('learner');
  usePageTitle(t('dashboard.title'));
  const { user } = useAuth();
  return (
    <Stack>
      <Title order={1}>{t('dashboard.welcome', { name: user?.realName ?? '' })}</Title>
      <Text>{t('dashboard.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder component={Link} to="/documents" style={{ textDecoration: 'none' }}>
          <Title order={2} size="h4">
            {t('dashboard.documentsTitle')}
          </Title>
          <Text size="sm" mt="xs">
            {t('dashboard.documentsText')}
          </Text>
        </Card>
        <Card withBorder component={Link} to="/faq" style={{ textDecoration: 'none' }}>
          <Title order={2} size="h4">
            {t('dashboard.helpTitle')}
          </Title>
          <Text size="sm" mt="xs">
            {t('dashboard.helpText')}
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
