import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCurrentClient } from '../../../lib/use-current-client';

/** DECISIONS "platform active": only administrators and resellers may use a closed platform. */
export function PlatformInactivePage() {
  const { t } = useTranslation('public');
  usePageTitle(t('platformInactive.title'));
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
