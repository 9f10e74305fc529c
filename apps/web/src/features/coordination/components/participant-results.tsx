import type { TParticipantResults } from '@lms/contracts/trainings';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResultBadge } from '../../../components/result-badge';
import { StatusBadge } from '../../../components/training-status-badge';
import { formatDateTime, formatTimeSpent } from '../../../lib/format';

/**
 * Issue 31 point 1: one participant's results in the current cycle, the training's and each module's: score, passed
 * or failed, when it was completed and the time the SCORM runtime counted (a PDF module has a completion only).
 */
export function ParticipantResults({ results }: { results: TParticipantResults }) {
  const { t, i18n } = useTranslation('trainings');
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>{t('validity.cycle', { cycle: results.cycle })}</Text>
        <StatusBadge status={results.status} />
        <ResultBadge success={results.result} score={results.score} />
      </Group>
      {results.completedAt && <Text size="sm">{t('result.completedOn', { date: when(results.completedAt) })}</Text>}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {results.modules.map((m) => (
          <Paper key={m.moduleId} withBorder p="sm" radius="md" component="li" data-module-id={m.moduleId}>
            <Stack gap={4}>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {m.title}
                </Text>
                <Group gap="xs">
                  <StatusBadge status={m.status} kind="module" />
                  <ResultBadge success={m.success} score={m.score} />
                </Group>
              </Group>
              <Text size="sm">
                {[
                  m.completedAt ? t('result.completedOn', { date: when(m.completedAt) }) : t('result.notCompleted'),
                  m.kind === 'scorm'
                    ? t('result.timeSpent', { time: formatTimeSpent(m.timeSpentSeconds, i18n.language) })
                    : null,
                  m.scoreRaw !== null
                    ? t('result.raw', { raw: new Intl.NumberFormat(i18n.language).format(m.scoreRaw) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
