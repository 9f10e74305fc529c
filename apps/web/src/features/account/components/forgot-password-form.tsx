import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { FormError, FormNotice, useFormSubmit } from '../../../components/form-submit';
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
  const { busy, error, submit } = useFormSubmit({ errorOf: () => t('forgotPassword.failed') });

  const save = submit(
    () => (login.trim() ? null : t('forgotPassword.missing')),
    async () => {
      const locale = isLocale(i18n.language) ? i18n.language : 'de-DE';
      setSentTo((await requestPasswordReset(login.trim(), locale)).sentTo);
    },
  );

  return (
    <FormCard onSubmit={save}>
      <Text>{t('forgotPassword.intro')}</Text>
      <FormNotice text={sentTo && t('forgotPassword.sent', { sentTo })} />
      <FormError error={error} />
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
    </FormCard>
  );
}
