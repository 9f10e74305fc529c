import type { AppDeps } from '../../platform/deps';

/** One directory call: the client its token belongs to, and the base URL its resources' locations start with. */
export interface ScimContext {
  deps: AppDeps;
  clientId: string;
  base: string;
}
