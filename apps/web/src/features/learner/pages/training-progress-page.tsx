import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/training-status-badge';
import { formatDate, formatDateTime, formatMinutes } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyTraining } from '../../../lib/my-trainings';
import { DeadlineText } from '../components/deadline-text';
import { TrainingNotLoaded } from '../components/training-not-loaded';
import { TrainingProgress } from '../components/training-progress';

/** /training/{id}/progress: where the user stands in one training, module by module. */
export function TrainingProgressPage() {
  const { t, i18n } = useTranslation('learner');
  const { id = '' } = useParams();
  const query = useMyTraining(id);
  const training = query.data;
  const title = t('progress.title', { title: training?.title ?? '' });
  usePageTitle(title);
  if (query.isPending) return <PageLoader />;
  if (!training) return <TrainingNotLoaded error={query.error} />;
  const fact = (label: string, value: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || t('progress.none')}</Text>
    </div>
  );

  return (
    <Stack>
      <div>
        <Anchor component={Link} to={`/training/${training.id}`} size="sm">
          {t('progress.back')}
        </Anchor>
        <Group align="center" mt={4} gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <StatusBadge status={training.status} />
        </Group>
      </div>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <TrainingProgress training={training} />
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {fact(t('progress.startedAt'), formatDateTime(training.startedAt, i18n.language))}
            {fact(t('progress.completedAt'), formatDateTime(training.completedAt, i18n.language))}
            {fact(t('progress.startDate'), formatDate(training.startDate, i18n.language))}
            <div>
              <Text size="sm" c="dimmed">
                {t('progress.deadline')}
              </Text>
              <DeadlineText deadline={training.deadline} status={training.status} bare size="md" />
            </div>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Title order={2}>{t('modules.title')}</Title>
      <DataTable
        label={t('modules.title')}
        data={training.modules}
        getRowId={(m) => m.id}
        columns={[
          {
            id: 'module',
            header: t('progress.module'),
            cell: (m) => (
              <>
                <Text size="sm" fw={500}>
                  {m.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    formatMinutes(m.durationInMinutes, i18n.language),
                    t(m.required ? 'modules.required' : 'modules.optional'),
                    ...(m.locked ? [t('progress.locked')] : []),
                  ].join(' · ')}
                </Text>
              </>
            ),
          },
          {
            id: 'status',
            header: t('progress.status'),
            nowrap: true,
            cell: (m) => <StatusBadge status={m.status} kind="module" locked={m.locked} />,
          },
          {
            id: 'completedAt',
            header: t('progress.completedAt'),
            nowrap: true,
            cell: (m) => formatDateTime(m.completedAt, i18n.language) || t('progress.none'),
          },
        ]}
        empty={<EmptyState title={t('modules.empty')} />}
      />
    </Stack>
  );
}
