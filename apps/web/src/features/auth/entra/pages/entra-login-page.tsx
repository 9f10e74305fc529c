import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NamedLoader } from '../../../../components/named-loader';
import { isApiError } from '../../../../lib/api-client';
import { setSession, takeRedirectPath } from '../../../../lib/auth-store';
import i18n, { isLocale } from '../../../../lib/i18n';
import { PLATFORM_INACTIVE_PATH } from '../../../../lib/route-rules';
import { usePageTitle } from '../../../../lib/use-page-title';
import { storeAccessToken } from '../access-token';
import { entraConfigQuery, fetchEntraNonce, loginWithEntraId } from '../api/entra-api';

/** The popup comes back to this page with the answer of the identity provider in its URL. */
const isAuthResponse = () => /[?#&](code|error)=/.test(window.location.search + window.location.hash);

/** The server's codes and the directory's errors of spec section 8, as texts of this page. */
function messageKey(err: unknown, fromMsal: string | null): string {
  if (fromMsal) return fromMsal;
  if (!isApiError(err)) return 'errors.unknown';
  if (err.code === 'entra_client_unknown') return 'errors.clientUnknown';
  if (err.code === 'entra_user_not_synchronised') return 'errors.notSynchronised';
  if (err.code === 'entra_not_available') return 'errors.notAvailable';
  if (err.code === 'network_error') return 'errors.network';
  return 'errors.unknown';
}

/** /entra-login (spec section 2, public): sign-in with the client's Entra ID, by popup. */
export function EntraLoginPage() {
  const { t } = useTranslation('entra');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inPopup = isAuthResponse() && window.opener !== null;
  const config = useQuery({ ...entraConfigQuery, enabled: !inPopup });
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  useEffect(() => {
    // Inside the popup: hand the answer to the window that opened it (msal's redirect bridge), which closes us.
    if (inPopup) void import('@azure/msal-browser/redirect-bridge').then((m) => m.broadcastResponseToMainFrame());
  }, [inPopup]);

  if (inPopup) return <NamedLoader label={t('signingIn')} />;

  const signIn = async () => {
    const c = config.data;
    if (!c?.available) return;
    setBusy(true);
    setErrorKey(null);
    const msal = await import('../msal');
    try {
      const { nonce } = await fetchEntraNonce();
      const result = await msal.signInWithPopup(c, nonce);
      const login = await loginWithEntraId({ idToken: result.idToken, accessToken: result.accessToken });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'client' });
      storeAccessToken(result.accessToken, c);
      setSession(login.token, login.user);
      if (isLocale(login.user.locale)) await i18n.changeLanguage(login.user.locale);
      await navigate(takeRedirectPath(), { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'platform_inactive') return void navigate(PLATFORM_INACTIVE_PATH);
      setErrorKey(messageKey(err, msal.entraErrorKey(err)));
      setBusy(false);
    }
  };

  return (
    <Stack maw={440} mx="auto">
      <Title order={1}>{t('title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          {config.isPending && <NamedLoader label={t('loading')} />}
          {errorKey && (
            <Alert color="red" variant="light" role="alert" title={t('errors.title')}>
              {t(errorKey)}
            </Alert>
          )}
          {config.data && !config.data.available && (
            <Alert color="gray" variant="light" role="note">
              {t('errors.notAvailable')}
            </Alert>
          )}
          {config.data?.available && (
            <>
              <Text>{t('intro')}</Text>
              <Button onClick={() => void signIn()} loading={busy} fullWidth>
                {t('signIn')}
              </Button>
            </>
          )}
          <Anchor component={Link} to="/login" size="sm">
            {t('backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
