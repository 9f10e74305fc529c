import type { TTokenPurpose } from '@lms/contracts/account';
import { effectiveMinLength } from '@lms/contracts/password-rules';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NamedLoader } from '../../../components/named-loader';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useCurrentClient } from '../../../lib/use-current-client';
import { FormCard } from '../../../components/form-card';
import { FormError, useFormSubmit } from '../../../components/form-submit';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { isPasswordAcceptable } from '../../../components/password-checklist';
import { checkLink, setPasswordFromLink } from '../api/account';
import { notifySuccess } from '../../../lib/notify';

/** The link's own failure: "activation failed" or "reset link expired" (spec section 8). */
const linkErrorKey = (purpose: TTokenPurpose) =>
  purpose === 'activation' ? 'errors:activation_failed' : 'errors:reset_link_expired';

/** /reset-password?token=... and /init-password?token=...: the new password, with the live checklist. */
export function SetPasswordForm({ token, purpose }: { token: string; purpose: TTokenPurpose }) {
  const { t } = useTranslation(['account', 'errors']);
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
  const { busy, error, submit } = useFormSubmit({
    leaves: true,
    errorOf: (err) => {
      const linkFailed = isApiError(err) && (err.code === 'reset_link_expired' || err.code === 'activation_failed');
      return linkFailed ? t(linkErrorKey(purpose)) : errorText(err);
    },
  });

  const save = submit(
    () => (isPasswordAcceptable(password, repeat, minLength) ? null : t('setPassword.rulesNotMet')),
    async () => {
      await setPasswordFromLink(queryClient, { token, purpose, newPassword: password, newPasswordRepeat: repeat });
      notifySuccess(t(purpose === 'activation' ? 'setPassword.activated' : 'setPassword.saved'));
      await navigate('/', { replace: true });
    },
  );

  if (link.isPending) return <NamedLoader label={t('setPassword.checking')} />;
  if (link.data?.used)
    return (
      <Alert color="blue" variant="light" role="status" title={t('setPassword.usedTitle')}>
        <Stack gap="xs">
          <Text size="sm">{t('setPassword.usedText')}</Text>
          <Anchor component={Link} to="/login" size="sm">
            {t('setPassword.toLogin')}
          </Anchor>
          <Anchor component={Link} to="/reset-password" size="sm">
            {t('setPassword.requestNew')}
          </Anchor>
        </Stack>
      </Alert>
    );
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
    <FormCard onSubmit={save}>
      <Text>{t(purpose === 'activation' ? 'setPassword.activationIntro' : 'setPassword.resetIntro')}</Text>
      <FormError error={error} />
      <NewPasswordFields
        newLabel={t('setPassword.new')}
        repeatLabel={t('setPassword.repeat')}
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        minLength={minLength}
        checklistId="set-password-checklist"
      />
      <Button type="submit" loading={busy}>
        {t(purpose === 'activation' ? 'setPassword.activate' : 'setPassword.submit')}
      </Button>
    </FormCard>
  );
}
