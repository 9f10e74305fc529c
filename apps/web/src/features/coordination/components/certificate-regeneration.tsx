import { ZCertificateRegenerationResult } from '@lms/contracts/certificates';
import type { TJob } from '@lms/contracts/jobs';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { JobProgress } from '../../../components/job-progress';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { regenerateCertificates } from '../api/certificates';

/**
 * Spec section 2 "training admin with certificate regeneration (progress, success and failure counts)": one button
 * starts the job; its progress is polled until it ends, and failures are named by count.
 */
export function CertificateRegeneration({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation('certificates');
  const errorText = useErrorText();
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [failed, setFailed] = useState(0);
  const [asking, setAsking] = useState(false);

  const start = async () => {
    setAsking(false);
    setBusy(true);
    setError(null);
    setFailed(0);
    try {
      setJobId((await regenerateCertificates(trainingId)).jobId);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  const finished = useCallback(
    (job: TJob) => {
      setBusy(false);
      const result = ZCertificateRegenerationResult.safeParse(job.result);
      if (result.success) {
        setFailed(result.data.failed);
        notifySuccess(t('regeneration.done', { count: result.data.succeeded }));
      }
    },
    [t],
  );

  return (
    <section aria-labelledby="certificates-title">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id="certificates-title">
            {t('regeneration.title')}
          </Title>
          <Button variant="default" loading={busy} onClick={() => setAsking(true)}>
            {t('regeneration.start')}
          </Button>
        </Group>
        <Text size="sm">{t('regeneration.intro')}</Text>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(error)}
          </Alert>
        )}
        {jobId && <JobProgress key={jobId} jobId={jobId} label={t('regeneration.progress')} onFinished={finished} />}
        <ConfirmModal
          opened={asking}
          title={t('regeneration.title')}
          text={t('regeneration.confirm')}
          confirmLabel={t('regeneration.start')}
          busy={false}
          onCancel={() => setAsking(false)}
          onConfirm={() => void start()}
        />
        {failed > 0 && (
          <Alert color="red" variant="light" role="alert">
            {t('regeneration.failed', { count: failed })}
          </Alert>
        )}
      </Stack>
    </section>
  );
}
