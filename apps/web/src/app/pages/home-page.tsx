import { can } from '@lms/contracts/permissions';
import { DashboardPage } from '../../features/learner/pages/dashboard-page';
import { StaffHomePage } from '../../features/learner/pages/staff-home-page';
import { PremiumCatalogue } from '../../features/premium/components/premium-catalogue';
import { useAuth } from '../../lib/auth-store';

/**
 * `/`: a participant's dashboard, or the figures of a role that runs the platform (issue 12); both with the premium
 * catalogue (staff learn too, issue 32). Composed here, not in features/learner, because the catalogue is
 * features/premium's (apps/web/.dependency-cruiser.cjs).
 */
export function HomePage() {
  const role = useAuth().user?.role;
  const catalogue = <PremiumCatalogue />;
  return role && can(role, 'home.figures') ? (
    <StaffHomePage catalogue={catalogue} />
  ) : (
    <DashboardPage catalogue={catalogue} />
  );
}
