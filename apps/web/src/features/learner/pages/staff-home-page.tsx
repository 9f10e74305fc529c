import { can } from '@lms/contracts/permissions';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconCalendarPlus, IconFileImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useHomeFigures } from '../api/home-figures';
import { useMyTrainings } from '../../../lib/my-trainings';
import { StaffFigures } from '../components/staff-figures';
import { TrainingCard } from '../components/training-card';
import { WelcomeDialog } from '../components/welcome-dialog';

/**
 * The home of a content master, coordinator or admin (issue 12): their figures and first steps instead of the
 * learner's greeting; their own trainings follow when they have any (every role may also learn). Staff who learn get
 * what a participant's dashboard gives them (issue 32): the premium catalogue below their trainings (`catalogue`,
 * placed by app/pages/home-page.tsx; nothing when the client has no premium courses) and, once they take part in a
 * training, the welcome dialog until they close it.
 */
export function StaffHomePage({ catalogue }: { catalogue?: ReactNode }) {
  const { t } = useTranslation('learner', { keyPrefix: 'staffHome' });
  usePageTitle(t('title'));
  const errorText = useErrorText();
  const { user } = useAuth();
  const role = user?.role;
  const figures = useHomeFigures();
  const trainings = useMyTrainings();
  const content = !!role && can(role, 'content.manage');
  const coordination = !!role && can(role, 'coordination.manage');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro', { name: user?.realName ?? '' })}</Text>
      </div>
      <Stack gap="sm" component="section" aria-labelledby="home-figures">
        <Title order={2} size="h3" id="home-figures">
          {t('figuresTitle')}
        </Title>
        {figures.isPending && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={118} radius="md" />
            ))}
          </SimpleGrid>
        )}
        {figures.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(figures.error)}
          </Alert>
        )}
        {figures.data && <StaffFigures figures={figures.data} courseListLink={content} />}
      </Stack>
      {(content || coordination) && (
        <Stack gap="sm" component="section" aria-labelledby="home-actions">
          <Title order={2} size="h3" id="home-actions">
            {t('actionsTitle')}
          </Title>
          <Group gap="sm">
            {content && (
              <Button component={Link} to="/content/courses" variant="light" leftSection={<IconBook2 size={18} />}>
                {t('actions.courses')}
              </Button>
            )}
            {coordination && (
              <Button
                component={Link}
                to="/coordination/trainings"
                variant="light"
                leftSection={<IconCalendarPlus size={18} />}
              >
                {t('actions.trainings')}
              </Button>
            )}
            {coordination && (
              <Button
                component={Link}
                to="/coordination/users"
                variant="light"
                leftSection={<IconFileImport size={18} />}
              >
                {t('actions.users')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {trainings.data && trainings.data.items.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="home-my-trainings">
          <Title order={2} size="h3" id="home-my-trainings">
            {t('myTrainings')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
            {trainings.data.items.map((training) => (
              <TrainingCard key={training.id} training={training} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {catalogue}
      {trainings.data && trainings.data.items.length > 0 && <WelcomeDialog />}
    </Stack>
  );
}
