import type { TMyProfile } from '@lms/contracts/account';
import { Alert, Paper, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { saveDigestEnabled } from '../api/account';

/** The coordinator's weekly digest on or off (issue 31 point 4); shown to whoever coordinates a group. */
export function DigestSetting({ digest }: { digest: TMyProfile['digest'] }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (enabled: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await saveDigestEnabled(enabled);
      await queryClient.invalidateQueries({ queryKey: ['account', 'profile'] });
      notifySuccess(t('digest.saved'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby="digest-title">
      <Title order={2} size="h3" id="digest-title" mb="sm">
        {t('digest.title')}
      </Title>
      <Text size="sm" mb="sm" id="digest-description">
        {t('digest.description')}
      </Text>
      <Switch
        label={t('digest.label')}
        checked={digest.enabled}
        disabled={busy}
        aria-describedby="digest-description"
        onChange={(e) => void change(e.currentTarget.checked)}
      />
      {error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
