import type { TTrainingCycle } from '@lms/contracts/trainings';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../lib/format';
import { DownloadButton } from './download-button';
import { ResultBadge } from './result-badge';
import { StatusBadge } from './training-status-badge';

/**
 * Issue 30 point 1: the cycles of one person's training, the current first: status, completion, score, how long it
 * held and its certificate (downloadable as any other). Shared by the learner's training page and the coordinators'
 * status table.
 */
export function CycleHistory({
  cycles,
  headingOrder = 2,
}: {
  cycles: readonly TTrainingCycle[];
  headingOrder?: 2 | 3;
}) {
  const { t, i18n } = useTranslation('trainings', { keyPrefix: 'validity' });
  const day = (iso: string | null) => formatDay(iso, i18n.language);
  return (
    <Stack gap="sm">
      <Title order={headingOrder} size="h3">
        {t('history.title')}
      </Title>
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {cycles.map((c) => (
          <Paper key={c.cycle} withBorder p="sm" radius="md" component="li">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{t('cycle', { cycle: c.cycle })}</Text>
                  {c.current && (
                    <Badge variant="outline" color="gray" c="dark.6">
                      {t('history.current')}
                    </Badge>
                  )}
                  <StatusBadge status={c.status} />
                  <ResultBadge success={c.result} score={c.score} />
                </Group>
                <Text size="sm">
                  {c.completedAt ? t('history.completed', { date: day(c.completedAt) }) : t('history.notCompleted')}
                  {' · '}
                  {t('history.score', { completed: c.completedModules, required: c.requiredModules })}
                </Text>
                {c.validUntil && <Text size="sm">{t('validUntil', { date: day(c.validUntil) })}</Text>}
                {c.closedAt && <Text size="sm">{t('history.closed', { date: day(c.closedAt) })}</Text>}
              </Stack>
              {c.certificateId ? (
                <CertificateDownload id={c.certificateId} cycle={c.cycle} />
              ) : (
                <Text size="sm">{t('history.noCertificate')}</Text>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function CertificateDownload({ id, cycle }: { id: string; cycle: number }) {
  const { t } = useTranslation('trainings', { keyPrefix: 'validity' });
  return (
    <DownloadButton
      path={`/course-certificate/${id}/download`}
      fileName={`certificate-${cycle}.pdf`}
      workaround={{ type: 'certificate', id }}
      label={t('history.certificate')}
      ariaLabel={t('downloadCycle', { cycle })}
    />
  );
}
