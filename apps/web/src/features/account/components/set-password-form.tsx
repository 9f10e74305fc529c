import type { TTokenPurpose } from '@lms/contracts/account';
import { effectiveMinLength } from '@lms/contracts/password-rules';
import { Alert, Anchor, Button, Loader, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useCurrentClient } from '../../../lib/use-current-client';
import { PasswordChecklist, isPasswordAcceptable } from '../../../components/password-checklist';
import { checkLink, setPasswordFromLink } from '../api/account';
import { notifySuccess } from '../../../lib/notify';

/** The link's own failure: "activation failed" or "reset link expired" (spec section 8). */
const linkErrorKey = (purpose: TTokenPurpose) =>
  purpose === 'activation' ? 'common:errors.activation_failed' : 'common:errors.reset_link_expired';

/** /reset-password?token=... and /init-password?token=...: the new password, with the live checklist. */
export function SetPasswordForm({ token, purpose }: { token: string; purpose: TTokenPurpose }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const minLength = effectiveMinLength(useCurrentClient().data?.minPasswordLength);
  const link = useQuery({
    queryKey: ['account', 'link', token, purpose],
    queryFn: () => checkLink(token, purpose),
    retry: false,
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!isPasswordAcceptable(password, repeat, minLength)) return setError(t('setPassword.rulesNotMet'));
    setBusy(true);
    try {
      await setPasswordFromLink(queryClient, { token, purpose, newPassword: password, newPasswordRepeat: repeat });
      notifySuccess(t(purpose === 'activation' ? 'setPassword.activated' : 'setPassword.saved'));
      await navigate('/', { replace: true });
    } catch (err) {
      const linkFailed = isApiError(err) && (err.code === 'reset_link_expired' || err.code === 'activation_failed');
      setError(linkFailed ? t(linkErrorKey(purpose)) : errorText(err));
      setBusy(false);
    }
  };

  if (link.isPending) return <Loader aria-label={t('setPassword.checking')} />;
  if (!link.data?.valid)
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t(purpose === 'activation' ? 'setPassword.activationTitle' : 'setPassword.resetTitle')}
      >
        <Stack gap="xs">
          <Text size="sm">{t(linkErrorKey(purpose))}</Text>
          <Anchor component={Link} to="/reset-password" size="sm">
            {t('setPassword.requestNew')}
          </Anchor>
        </Stack>
      </Alert>
    );
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text>{t(purpose === 'activation' ? 'setPassword.activationIntro' : 'setPassword.resetIntro')}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common:togglePassword') }}
          label={t('setPassword.new')}
          name="newPassword"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          aria-describedby="set-password-checklist"
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common:togglePassword') }}
          label={t('setPassword.repeat')}
          name="newPasswordRepeat"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
        />
        <div id="set-password-checklist">
          <PasswordChecklist password={password} repeat={repeat} minLength={minLength} />
        </div>
        <Button type="submit" loading={busy}>
          {t(purpose === 'activation' ? 'setPassword.activate' : 'setPassword.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
