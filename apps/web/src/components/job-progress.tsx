import { FINISHED_JOB_STATUSES, ZJob, type TJob } from '@lms/contracts/jobs';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../lib/api-client';

const POLL_MS = 1_000;

interface Props {
  jobId: string;
  /** Called once when the job ends (succeeded, failed or cancelled), e.g. to refresh a list. */
  onFinished?: (job: TJob) => void;
  label?: string;
}

/**
 * The progress of a background job (ARCHITECTURE section 7): done of total, with success and failure counts,
 * polled from GET /api/jobs/{id} until the job ends. Used by reminder runs, certificate regeneration and imports.
 */
export function JobProgress({ jobId, onFinished, label }: Props) {
  const { t } = useTranslation('mail');
  const job = useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => apiGet(`/jobs/${jobId}`, ZJob),
    refetchInterval: (q) => (q.state.data && FINISHED_JOB_STATUSES.includes(q.state.data.status) ? false : POLL_MS),
  });
  const reported = useRef(false);
  const data = job.data;
  useEffect(() => {
    if (!data || reported.current || !FINISHED_JOB_STATUSES.includes(data.status)) return;
    reported.current = true;
    onFinished?.(data);
  }, [data, onFinished]);

  if (job.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('jobs.loadFailed')}
      </Alert>
    );
  const p = data?.progress ?? { total: 0, done: 0, succeeded: 0, failed: 0 };
  const finished = data ? FINISHED_JOB_STATUSES.includes(data.status) : false;
  const percent = p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : finished ? 100 : 0;
  const name = label ?? t('jobs.label');
  return (
    <Stack gap={4} aria-live="polite">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="sm">{data ? t(`jobs.status.${data.status}`) : ''}</Text>
      </Group>
      <Progress.Root size="lg">
        <Progress.Section
          value={p.total > 0 ? (p.succeeded / p.total) * 100 : data?.status === 'succeeded' ? 100 : 0}
          color="green"
          animated={data?.status === 'running'}
          role="progressbar"
          aria-label={name}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        />
        <Progress.Section value={p.total > 0 ? (p.failed / p.total) * 100 : 0} color="red" aria-hidden />
      </Progress.Root>
      <Text size="sm">
        {t('jobs.counts', { done: p.done, total: p.total, succeeded: p.succeeded, failed: p.failed })}
      </Text>
      {data?.status === 'failed' && data.error && (
        <Text size="sm" c="red">
          {t('jobs.error', { message: data.error })}
        </Text>
      )}
    </Stack>
  );
}
