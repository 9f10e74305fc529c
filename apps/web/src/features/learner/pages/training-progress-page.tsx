import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/training-status-badge';
import { formatDate, formatDateTime, formatMinutes } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyTraining } from '../api/my-trainings';
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
      {training.modules.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text>{t('modules.empty')}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={340}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('progress.module')}</Table.Th>
                <Table.Th>{t('progress.status')}</Table.Th>
                <Table.Th>{t('progress.completedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {training.modules.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={m.status} kind="module" />
                  </Table.Td>
                  <Table.Td>{formatDateTime(m.completedAt, i18n.language) || t('progress.none')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
