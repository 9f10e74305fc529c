import { effectiveMinLength } from '@lms/contracts/password-rules';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { takeRedirectPath, useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { useCurrentClient } from '../../../lib/use-current-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { changePassword } from '../api/session-actions';
import { PasswordChecklist, isPasswordAcceptable } from '../../../components/password-checklist';

/**
 * /password-change-required: forced after an initial password (spec section 4), and the menu's "change password".
 */
export function PasswordChangePage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  usePageTitle(t('passwordChange.title'));
  const navigate = useNavigate();
  const { user } = useAuth();
  const minLength = effectiveMinLength(useCurrentClient().data?.minPasswordLength);
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [newPasswordRepeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const forced = Boolean(user?.passwordChangeRequired);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!currentPassword) return setError(t('passwordChange.currentMissing'));
    if (!isPasswordAcceptable(newPassword, newPasswordRepeat, minLength))
      return setError(t('passwordChange.rulesNotMet'));
    setBusy(true);
    try {
      await changePassword({ currentPassword, newPassword, newPasswordRepeat });
      notifications.show({ color: 'green', message: t('passwordChange.saved') });
      await navigate(forced ? takeRedirectPath() : '/', { replace: true });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <Stack maw={520}>
      <Title order={1}>{t('passwordChange.title')}</Title>
      {forced && (
        <Alert color="info" variant="light" role="note">
          {t('passwordChange.forcedText')}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <PasswordField
            label={t('passwordChange.current')}
            name="currentPassword"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordField
            label={t('passwordChange.new')}
            name="newPassword"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
            aria-describedby="password-checklist"
          />
          <PasswordField
            label={t('passwordChange.repeat')}
            name="newPasswordRepeat"
            autoComplete="new-password"
            required
            value={newPasswordRepeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
          />
          <div id="password-checklist">
            <PasswordChecklist password={newPassword} repeat={newPasswordRepeat} minLength={minLength} />
          </div>
          <Text size="sm" c="dimmed">
            {t('passwordChange.hint')}
          </Text>
          <Button type="submit" loading={busy}>
            {t('passwordChange.submit')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
