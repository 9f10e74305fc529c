import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ModulePlayerFrame, usePlayerCommits, usePlayerUnload } from '../../../components/module-player';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/training-status-badge';
import { LockIcon } from '../components/lock-icon';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { launchModule, recordModuleOpened, refreshMyTrainings, useMyTraining } from '../../../lib/my-trainings';
import { TrainingNotLoaded } from '../components/training-not-loaded';

/**
 * /training/{id}/module/{moduleId}: the module in the player on the content origin, the same frame as the content
 * master's preview (a PDF shows in the browser's own viewer inside it). Opening records the module value first
 * (POST /course-training-user-value/...), which completes a PDF (DECISIONS "module completion").
 */
export function ModulePage() {
  const { t } = useTranslation('learner');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { id = '', moduleId = '' } = useParams();
  const query = useMyTraining(id);
  const training = query.data;
  const module = training?.modules.find((m) => m.id === moduleId);
  const { frame } = usePlayerUnload();
  // One record and launch per visit; gcTime 0 so a later visit records again and mints a fresh token.
  const opened = useQuery({
    queryKey: ['module-open', id, moduleId],
    queryFn: async () => {
      const value = await recordModuleOpened(id, moduleId);
      const launch = await launchModule(id, moduleId);
      return { value, launch };
    },
    enabled: module !== undefined && !module.locked,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (opened.data) void refreshMyTrainings(queryClient);
  }, [opened.data, queryClient]);
  // Issue 32 "finishing": the page follows the runtime live. The player says when a commit went out; the status is
  // read again then, so a module the package completes shows as completed without a reload.
  usePlayerCommits(frame, opened.data?.launch.launchUrl, () => void refreshMyTrainings(queryClient));
  // Whether the module was completed before this visit: only a completion during the visit is announced.
  const completedBefore = useRef<boolean | null>(null);
  if (module && completedBefore.current === null) completedBefore.current = module.status === 'COMPLETED';
  usePageTitle(module?.title ?? t('module.title'));

  if (query.isPending) return <PageLoader />;
  if (!training) return <TrainingNotLoaded error={query.error} />;
  const back = (
    <Anchor component={Link} to={`/training/${training.id}`} size="sm">
      {t('module.back', { title: training.title })}
    </Anchor>
  );
  if (!module)
    return (
      <Stack align="flex-start">
        {back}
        <Alert color="red" variant="light" role="alert">
          {t('module.notFound')}
        </Alert>
      </Stack>
    );
  const unlockedBy = training.modules.find((m) => m.id === module.unlockedBy);
  const next = training.modules.find((m) => m.id === training.nextModuleId && m.id !== module.id);
  const justCompleted = module.status === 'COMPLETED' && completedBefore.current === false;

  return (
    <Stack h="100%">
      <div>
        {back}
        <Group justify="space-between" align="flex-end" mt={4} gap="sm">
          <Stack gap={4}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {module.title}
            </Title>
            <Group gap="xs" aria-live="polite">
              <Text size="sm">{t('module.status')}</Text>
              <StatusBadge status={module.status} kind="module" locked={module.locked} />
            </Group>
          </Stack>
          {next && module.status === 'COMPLETED' && !justCompleted && (
            <Button component={Link} to={`/training/${training.id}/module/${next.id}`} variant="default">
              {t('module.next', { title: next.title })}
            </Button>
          )}
        </Group>
      </div>
      {justCompleted && (
        <Alert color="green" variant="light" role="status">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>{t('module.completedTitle')}</Text>
            <Text size="sm">
              {training.status === 'COMPLETED'
                ? t('module.trainingCompleted', { title: training.title })
                : t('module.completedText')}
            </Text>
            <Group gap="sm">
              {next && (
                <Button component={Link} to={`/training/${training.id}/module/${next.id}`}>
                  {t('module.next', { title: next.title })}
                </Button>
              )}
              {training.status === 'COMPLETED' && (
                <Button component={Link} to="/documents/certificates">
                  {t('module.toCertificates')}
                </Button>
              )}
              <Button component={Link} to={`/training/${training.id}`} variant="default">
                {t('module.toTraining')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {module.locked && (
        <Paper withBorder p="md" radius="md" role="note">
          <Text fw={600}>
            <LockIcon />
            {t('module.lockedTitle')}
          </Text>
          <Text size="sm" mt={4}>
            {t('modules.lockedBy', { title: unlockedBy?.title ?? '' })}
          </Text>
          {unlockedBy && !unlockedBy.locked && (
            <Anchor component={Link} to={`/training/${training.id}/module/${unlockedBy.id}`} size="sm">
              {t('module.openUnlocking', { title: unlockedBy.title })}
            </Anchor>
          )}
        </Paper>
      )}
      {opened.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(opened.error)}
        </Alert>
      )}
      {opened.isFetching && !opened.data && <PageLoader />}
      {opened.data && (
        <ModulePlayerFrame
          frame={frame}
          launchUrl={opened.data.launch.launchUrl}
          title={t('module.frameTitle', { title: module.title })}
        />
      )}
    </Stack>
  );
}
