import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { isApiError } from '../../../lib/api-client';
import { takeRedirectPath, useAuth } from '../../../lib/auth-store';
import { PASSWORD_CHANGE_PATH, PLATFORM_INACTIVE_PATH } from '../../../lib/route-rules';
import { useCurrentClient } from '../../../lib/use-current-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { EntraSignInLink } from '../entra/components/entra-sign-in-link';
import { signIn } from '../api/session-actions';

/** The login messages of spec section 8, by what the server answered. */
function loginMessageKey(err: unknown): string {
  if (!isApiError(err)) return 'login.errors.unknown';
  if (err.code === 'network_error') return 'login.errors.network';
  if (err.status >= 500) return 'login.errors.server';
  const known = [
    'login_failed',
    'login_locked',
    'login_not_allowed',
    'account_not_found',
    'rate_limited',
    'validation_failed',
  ];
  return known.includes(err.code) ? `login.errors.${err.code}` : 'login.errors.unknown';
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const client = useCurrentClient().data;
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrorKey(null);
    if (!login.trim() || !password) return setErrorKey('login.errors.missing');
    setBusy(true);
    try {
      const result = await signIn(queryClient, login.trim(), password);
      // The wanted path waits until the password is changed (spec section 2).
      await navigate(result.passwordChangeRequired ? PASSWORD_CHANGE_PATH : takeRedirectPath(), { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'platform_inactive') return void navigate(PLATFORM_INACTIVE_PATH);
      setErrorKey(loginMessageKey(err));
      setBusy(false);
    }
  };

  return (
    <Stack maw={440} mx="auto">
      <Title order={1}>{t('login.title')}</Title>
      {client && <Text c="dimmed">{t('login.intro', { name: client.name })}</Text>}
      {user && (
        <Alert color="info" variant="light" role="note">
          {t('login.alreadySignedIn', { name: user.realName })}{' '}
          <Anchor component={Link} to="/">
            {t('login.continue')}
          </Anchor>
        </Alert>
      )}
      {/* The card of components/form-card.tsx, written out: /login is the first visit, and a shared module of its own
          is one more script on it (the first visit's 200 KB budget, e2e/first-visit.e2e.ts). */}
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          {errorKey && (
            <Alert color="red" variant="light" role="alert" title={t('login.errors.title')}>
              {t(errorKey)}
            </Alert>
          )}
          <TextInput
            label={t('login.emailOrUsername')}
            name="emailOrUsername"
            autoComplete="username"
            required
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
          />
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/reset-password" size="sm">
              {t('login.forgotPassword')}
            </Anchor>
            <Anchor component={Link} to="/reset-password?forgot=username" size="sm">
              {t('login.forgotUsername')}
            </Anchor>
          </Group>
          <EntraSignInLink />
        </Stack>
      </Paper>
    </Stack>
  );
}
