import { Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import i18n, { isLocale, rememberLocale } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { ForgotUsernameForm } from '../components/forgot-username-form';
import { SetPasswordForm } from '../components/set-password-form';

/**
 * /reset-password and /init-password, one screen (spec section 2): with a link's token it sets the password
 * (reset or account activation); without one it is "forgot password", or "forgot username" with ?forgot=username.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const token = params.get('token');
  // A mailed link carries its recipient's language (issue 12): the page, its messages and the toast after saving
  // speak it, and so does the sign-in that follows.
  const linkLocale = params.get('locale');
  useEffect(() => {
    if (isLocale(linkLocale) && i18n.language !== linkLocale) {
      rememberLocale(linkLocale);
      void i18n.changeLanguage(linkLocale);
    }
  }, [linkLocale]);
  const activation = pathname.startsWith('/init-password');
  const view = token
    ? activation
      ? 'activation'
      : 'reset'
    : params.get('forgot') === 'username'
      ? 'forgotUsername'
      : 'forgotPassword';
  const title = t(`titles.${view}`);
  usePageTitle(title);
  return (
    <Stack maw={560} mx="auto">
      <Title order={1}>{title}</Title>
      {view === 'forgotPassword' && <ForgotPasswordForm />}
      {view === 'forgotUsername' && <ForgotUsernameForm />}
      {token && <SetPasswordForm token={token} purpose={activation ? 'activation' : 'reset'} />}
    </Stack>
  );
}
