import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { SmtpSettings } from '../components/smtp-settings';

/**
 * /reseller/clients/{id}/smtp: the SMTP tab of the client administration, reachable on its own (and from the menu)
 * until the client administration screens that will hold it as a tab exist.
 */
export function ClientSmtpPage() {
  const { t } = useTranslation('mail');
  const { id = '' } = useParams();
  usePageTitle(t('smtp.title'));
  return (
    <Stack>
      <Title order={1}>{t('smtp.title')}</Title>
      <SmtpSettings clientId={id} />
    </Stack>
  );
}
