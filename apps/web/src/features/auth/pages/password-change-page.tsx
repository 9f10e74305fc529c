import { effectiveMinLength } from '@lms/contracts/password-rules';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { FormError, useFormSubmit } from '../../../components/form-submit';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { takeRedirectPath, useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { useCurrentClient } from '../../../lib/use-current-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { changePassword } from '../api/session-actions';
import { isPasswordAcceptable } from '../../../components/password-checklist';

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
  const { busy, error, submit } = useFormSubmit({ leaves: true, errorOf: errorText });
  const forced = Boolean(user?.passwordChangeRequired);

  const save = submit(
    () => {
      if (!currentPassword) return t('passwordChange.currentMissing');
      if (!isPasswordAcceptable(newPassword, newPasswordRepeat, minLength)) return t('passwordChange.rulesNotMet');
      return null;
    },
    async () => {
      await changePassword({ currentPassword, newPassword, newPasswordRepeat });
      notifications.show({ color: 'green', message: t('passwordChange.saved') });
      await navigate(forced ? takeRedirectPath() : '/', { replace: true });
    },
  );

  return (
    <Stack maw={520}>
      <Title order={1}>{t('passwordChange.title')}</Title>
      {forced && (
        <Alert color="info" variant="light" role="note">
          {t('passwordChange.forcedText')}
        </Alert>
      )}
      <FormCard onSubmit={save}>
        <FormError error={error} />
        <PasswordField
          label={t('passwordChange.current')}
          name="currentPassword"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <NewPasswordFields
          newLabel={t('passwordChange.new')}
          repeatLabel={t('passwordChange.repeat')}
          password={newPassword}
          repeat={newPasswordRepeat}
          onPassword={setNew}
          onRepeat={setRepeat}
          minLength={minLength}
          checklistId="password-checklist"
        />
        <Text size="sm" c="dimmed">
          {t('passwordChange.hint')}
        </Text>
        <Button type="submit" loading={busy}>
          {t('passwordChange.submit')}
        </Button>
      </FormCard>
    </Stack>
  );
}
