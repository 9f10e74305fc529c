import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { SmtpSettings } from '../components/smtp-settings';

/** /reseller/clients/{id}/smtp: the SMTP tab of the client administration, also reachable on its own. */
export function ClientSmtpPage() {
  const { t } = useTranslation('mail');
  const { id = '' } = useParams();
  usePageTitle(t('smtp.title'));
  return (
    <Stack>
      <Anchor component={Link} to={`/reseller/clients/${id}`} size="sm">
        {t('smtp.back')}
      </Anchor>
      <Title order={1}>{t('smtp.title')}</Title>
      <SmtpSettings clientId={id} />
    </Stack>
  );
}
