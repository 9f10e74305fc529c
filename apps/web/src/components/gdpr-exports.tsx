import type { TGdprExport } from '@lms/contracts/gdpr';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';
import { formatDateTime } from '../lib/format';
import { fetchGdprExport, requestGdprExport, useGdprExports } from '../lib/gdpr';
import { saveBlob } from '../lib/http';
import { JobProgress } from './job-progress';

/**
 * "My data" (GDPR Art. 15 and 20): ask for an export, follow the job, download the zip while it is kept. On the
 * account page for oneself; in the user drawer (userId) for an admin acting for someone of their client.
 */
export function GdprExports({ userId }: { userId?: string }) {
  const { t, i18n } = useTranslation('account', { keyPrefix: 'gdpr' });
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const exports = useGdprExports(userId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const latest: TGdprExport | undefined = exports.data?.items[0];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['gdpr', 'exports'] });

  const request = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestGdprExport(userId);
      await refresh();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const download = async (id: string) => {
    setError(null);
    try {
      const { blob, fileName } = await fetchGdprExport(id);
      saveBlob(blob, fileName ?? 'data-export.zip');
    } catch (err) {
      setError(err);
    }
  };

  const running = latest?.status === 'queued';
  return (
    <Stack gap="xs">
      <Text size="sm">{t(userId ? 'exports.introAdmin' : 'exports.intro')}</Text>
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorText(error)}
        </Alert>
      )}
      {running && latest && (
        <JobProgress jobId={latest.jobId} label={t('exports.progress')} onFinished={() => void refresh()} />
      )}
      {latest?.status === 'ready' && (
        <Group gap="sm" wrap="wrap">
          <Button variant="filled" onClick={() => void download(latest.id)}>
            {t('exports.download')}
          </Button>
          <Text size="sm">{t('exports.readyUntil', { date: formatDateTime(latest.expiresAt, i18n.language) })}</Text>
        </Group>
      )}
      {latest?.status === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('exports.failed')}
        </Alert>
      )}
      {latest?.status === 'expired' && <Text size="sm">{t('exports.expired')}</Text>}
      <Group>
        <Button variant="default" loading={busy} disabled={running} onClick={() => void request()}>
          {t(userId ? 'exports.requestAdmin' : 'exports.request')}
        </Button>
      </Group>
    </Stack>
  );
}
