import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The tab for the client's secret tokens: a placeholder until that screen is written. */
export function TokensTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients');
  return <Text data-client-id={clientId}>{t('tabs.notYet')}</Text>;
}
