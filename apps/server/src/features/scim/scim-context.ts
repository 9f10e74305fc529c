import type { AuditWho } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';

/** One directory call: the client its token belongs to, and the base URL its resources' locations start with. */
export interface ScimContext {
  deps: AppDeps;
  clientId: string;
  base: string;
  /** The token (actor kind `scim`) and the caller's address, for the one audit entry of each write. */
  who: AuditWho;
}
