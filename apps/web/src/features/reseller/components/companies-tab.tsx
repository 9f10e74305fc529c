import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The tab for the client's companies: a placeholder until that screen is written. */
export function CompaniesTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients');
  return <Text data-client-id={clientId}>{t('tabs.notYet')}</Text>;
}
