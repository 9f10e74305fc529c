import { Alert, Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyTrainings } from '../../../lib/my-trainings';
import { TrainingCard } from '../components/training-card';
import { WelcomeDialog } from '../components/welcome-dialog';

/**
 * The dashboard (spec section 2): the user's trainings, the welcome dialog once, downloads and help. `catalogue`
 * stands below the trainings: the premium courses, placed by the app shell (app/pages/home-page.tsx).
 */
export function DashboardPage({ catalogue }: { catalogue?: ReactNode }) {
  const { t } = useTranslation('learner');
  usePageTitle(t('dashboard.title'));
  const errorText = useErrorText();
  const { user } = useAuth();
  const trainings = useMyTrainings();
  return (
    <Stack>
      <div>
        <Title order={1}>{t('dashboard.welcome', { name: user?.realName ?? '' })}</Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </div>
      <Stack gap="sm" component="section" aria-labelledby="my-trainings">
        <Title order={2} id="my-trainings">
          {t('dashboard.myTrainings')}
        </Title>
        {trainings.isPending && <PageLoader />}
        {trainings.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(trainings.error)}
          </Alert>
        )}
        {trainings.data?.items.length === 0 && (
          <Paper withBorder p="md" radius="md">
            <Text fw={600}>{t('dashboard.noTrainingsTitle')}</Text>
            <Text size="sm" mt={4}>
              {t('dashboard.noTrainingsText')}
            </Text>
          </Paper>
        )}
        {trainings.data && trainings.data.items.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
            {trainings.data.items.map((training) => (
              <TrainingCard key={training.id} training={training} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {catalogue}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
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
      <WelcomeDialog />
    </Stack>
  );
}
