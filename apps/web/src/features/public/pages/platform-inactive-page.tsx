import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { clearAuth, getAuthState } from '../../../lib/auth-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCurrentClient } from '../../../lib/use-current-client';

/** DECISIONS "platform active": only administrators and resellers may use a closed platform. */
export function PlatformInactivePage() {
  const { t } = useTranslation('public');
  usePageTitle(t('platformInactive.title'));
  // Sent here by the API client when the platform closed during a session: that session is of no use any more.
  const endSession = (useLocation().state as { endSession?: boolean } | null)?.endSession === true;
  useEffect(() => {
    if (endSession && getAuthState().token) clearAuth();
  }, [endSession]);
  const supportEmail = useCurrentClient().data?.supportEmail;
  return (
    <Stack>
      <Title order={1}>{t('platformInactive.title')}</Title>
      <Alert color="info" variant="light" role="note">
        <Text>{t('platformInactive.text')}</Text>
      </Alert>
      {supportEmail && (
        <Text>
          {t('platformInactive.contact')} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
      )}
      <Anchor component={Link} to="/login">
        {t('platformInactive.backToLogin')}
      </Anchor>
    </Stack>
  );
}
