import { can } from '@lms/contracts/permissions';
import { useAuth } from '../../../lib/auth-store';
import { DashboardPage } from './dashboard-page';
import { StaffHomePage } from './staff-home-page';

/** `/`: a participant's dashboard, or the figures of a role that runs the platform (issue 12). */
export function HomePage() {
  const role = useAuth().user?.role;
  return role && can(role, 'home.figures') ? <StaffHomePage /> : <DashboardPage />;
}
