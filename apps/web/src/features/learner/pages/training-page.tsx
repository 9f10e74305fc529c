import type { TUserTraining } from '@lms/contracts/trainings';
import { Anchor, Box, Button, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CourseCover } from '../../../components/course-cover';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/training-status-badge';
import { formatDate, formatMinutes, todayIso } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyTraining, useMyTrainingCycles } from '../../../lib/my-trainings';
import { CycleHistory } from '../../../components/cycle-history';
import { ValidityText } from '../../../components/validity-text';
import { continueTarget } from '../components/continue-target';
import { DeadlineText } from '../components/deadline-text';
import { ModuleList } from '../components/module-list';
import { TrainingNotLoaded } from '../components/training-not-loaded';
import { TrainingProgress } from '../components/training-progress';

interface Props {
  /**
   * The training's certificate and course files (features/documents), handed in by app/pages/training-page.tsx:
   * a feature never imports another (apps/web/.dependency-cruiser.cjs).
   */
  documents?: (training: TUserTraining) => ReactNode;
}

/** /training/{id}: one of the user's trainings with its modules in order and their locking (spec section 2). */
export function TrainingPage({ documents }: Props) {
  const { t, i18n } = useTranslation('learner');
  const { id = '' } = useParams();
  const query = useMyTraining(id);
  const training = query.data;
  const cycles = useMyTrainingCycles(id, Boolean(training && (training.cycle > 1 || training.validUntil)));
  usePageTitle(training?.title ?? t('training.title'));
  if (query.isPending) return <PageLoader />;
  if (!training) return <TrainingNotLoaded error={query.error} />;
  const next = continueTarget(training);
  const minutes = training.modules.reduce((sum, m) => sum + m.durationInMinutes, 0);
  const startsLater = training.startDate !== null && training.startDate > todayIso();

  return (
    <Stack>
      <div>
        <Anchor component={Link} to="/" size="sm">
          {t('training.backToDashboard')}
        </Anchor>
        <Group align="center" mt={4} gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {training.title}
          </Title>
          <StatusBadge status={training.status} />
        </Group>
        {training.description && <Text mt="xs">{training.description}</Text>}
      </div>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="md" align={{ base: 'stretch', sm: 'flex-start' }}>
        <Box w={{ base: '100%', sm: 320 }} style={{ flexShrink: 0 }}>
          <CourseCover
            courseId={training.courseId}
            coverUrl={training.coverUrl}
            width={320}
            radius="var(--mantine-radius-md)"
          />
        </Box>
        <Paper withBorder p="md" radius="md" style={{ flexGrow: 1, minWidth: 0 }}>
          <Stack gap="sm">
            <Group gap="xl" wrap="wrap">
              {startsLater && (
                <Text size="sm">{t('training.startsOn', { date: formatDate(training.startDate, i18n.language) })}</Text>
              )}
              <DeadlineText deadline={training.deadline} status={training.status} />
              <ValidityText validity={training.validity} validUntil={training.validUntil} />
              <Text size="sm">
                {t('training.duration', {
                  duration: formatMinutes(training.durationMinutes ?? minutes, i18n.language),
                })}
              </Text>
            </Group>
            <TrainingProgress training={training} />
            <Group gap="sm">
              {next.action !== 'open' && (
                <Button component={Link} to={next.to}>
                  {t(`training.actions.${next.action}`)}
                </Button>
              )}
              <Button component={Link} to={`/training/${training.id}/progress`} variant="default">
                {t('training.showProgress')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Flex>
      {documents?.(training)}
      <Title order={2}>{t('modules.title')}</Title>
      {training.modules.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text>{t('modules.empty')}</Text>
        </Paper>
      ) : (
        <ModuleList training={training} />
      )}
      {cycles.data && cycles.data.items.length > 0 && <CycleHistory cycles={cycles.data.items} />}
    </Stack>
  );
}
