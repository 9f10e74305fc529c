import { scopeOf } from '@lms/contracts/permissions';
import { useAuth } from './auth-store';

/** PERMISSIONS.md "client administration": RESELLER_COORDINATOR ("resold (read)") reads, does not write. */
export function useMayWriteClient(): boolean {
  const role = useAuth().user?.role;
  const scope = role ? scopeOf(role, 'clients.administer') : undefined;
  return !!scope && scope !== 'resold-read';
}
