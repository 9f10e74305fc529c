import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLocale } from '../../../lib/i18n';
import { requestPasswordReset } from '../api/account';

/**
 * Forgot password: the answer is the same whether or not an account exists (DECISIONS "reset and activation
 * links"), so the page says only where a mail would go.
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation('account');
  const [login, setLogin] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!login.trim()) return setError(t('forgotPassword.missing'));
    setBusy(true);
    try {
      const locale = isLocale(i18n.language) ? i18n.language : 'de-DE';
      setSentTo((await requestPasswordReset(login.trim(), locale)).sentTo);
    } catch {
      setError(t('forgotPassword.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text>{t('forgotPassword.intro')}</Text>
        {sentTo && (
          <Alert color="green" variant="light" role="status">
            {t('forgotPassword.sent', { sentTo })}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('forgotPassword.login')}
          name="emailOrUsername"
          autoComplete="username"
          required
          value={login}
          onChange={(e) => setLogin(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          {t('forgotPassword.submit')}
        </Button>
        <Stack gap={4}>
          <Anchor component={Link} to="/reset-password?forgot=username" size="sm">
            {t('forgotPassword.forgotUsername')}
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            {t('backToLogin')}
          </Anchor>
        </Stack>
      </Stack>
    </Paper>
  );
}
