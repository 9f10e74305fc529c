import { PremiumSettingsTab } from '../../features/premium/components/premium-settings-tab';
import { ClientPage as ResellerClientPage } from '../../features/reseller/pages/client-page';

/**
 * /reseller/clients/{id}[/tab]: one client's administration (features/reseller) with its premium tab
 * (features/premium), put together here so neither feature imports the other (apps/web/.dependency-cruiser.cjs).
 */
export function ClientPage() {
  return <ResellerClientPage PremiumTab={PremiumSettingsTab} />;
}
