import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';

/** Spec section 2: "the requested instance does not exist, check the URL". */
export function ClientNotFoundPage() {
  const { t } = useTranslation('public');
  usePageTitle(t('clientNotFound.title'));
  return (
    <Stack>
      <Title order={1}>{t('clientNotFound.title')}</Title>
      <Alert color="info" variant="light" role="note">
        <Text>{t('clientNotFound.text')}</Text>
      </Alert>
      <Text size="sm" c="dimmed">
        {t('clientNotFound.host', { host: window.location.host })}
      </Text>
    </Stack>
  );
}
