import { Alert, Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClient } from '../api/clients';
import { AuditTab } from '../components/audit-tab';
import { ClientDataForm } from '../components/client-data-form';
import { ClientDesignForm } from '../components/client-design-form';
import { ClientNav, CLIENT_TABS, type TClientTab } from '../components/client-nav';
import { CompaniesTab } from '../components/companies-tab';
import { ClientSettingsTab } from '../components/client-settings-tab';
import { ContactsTab } from '../components/contacts-tab';
import { LegalTextsTab } from '../components/legal-texts-tab';
import { SmtpSettings } from '../components/smtp-settings';
import { TokensTab } from '../components/tokens-tab';

const tabOf = (pathname: string): TClientTab => {
  const last = pathname.replace(/\/$/, '').split('/').pop() as TClientTab;
  return CLIENT_TABS.includes(last) ? last : 'data';
};

/**
 * /reseller/clients/{id}[/design|/legal|/contacts|/companies|/smtp|/tokens|/settings|/audit]: one client's administration, one
 * route per tab (so a tab can be linked and reloaded), the client's name above every tab. The premium tab belongs
 * to features/premium: the app shell hands it in (app/pages/client-page.tsx).
 */
export function ClientPage({ PremiumTab }: { PremiumTab: ComponentType<{ clientId: string }> }) {
  const { t } = useTranslation('clients');
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const tab = tabOf(pathname);
  const client = useClient(id);
  const tabName = t(`tabs.${tab}`);
  usePageTitle(client.data ? `${tabName} – ${client.data.name}` : tabName);
  if (client.isPending) return <PageLoader />;
  if (client.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(client.error)}
      </Alert>
    );
  const c = client.data;
  return (
    <Stack>
      <ClientNav clientId={c.id} name={c.name} tab={tab} role={user?.role} />
      {tab === 'data' && <ClientDataForm key={c.id} client={c} />}
      {tab === 'design' && <ClientDesignForm key={c.id} client={c} />}
      {tab === 'legal' && <LegalTextsTab clientId={c.id} />}
      {tab === 'contacts' && <ContactsTab clientId={c.id} />}
      {tab === 'companies' && <CompaniesTab clientId={c.id} />}
      {tab === 'smtp' && <SmtpSettings clientId={c.id} />}
      {tab === 'tokens' && <TokensTab clientId={c.id} />}
      {tab === 'premium' && <PremiumTab clientId={c.id} />}
      {tab === 'settings' && <ClientSettingsTab clientId={c.id} />}
      {tab === 'audit' && <AuditTab clientId={c.id} />}
    </Stack>
  );
}
