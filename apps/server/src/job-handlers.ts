import { createPasswordResetHandler } from './features/account/password-reset.job';
import { createMailDeliveryHandler } from './features/mail/mail-delivery';
import { createUserImportHandler } from './features/user-import/user-import.job';
import type { JobHandler } from './platform/jobs';

/** Every kind of background work this process runs (ARCHITECTURE section 7); main.ts hands them to the workers. */
export const createJobHandlers = (): JobHandler[] => [
  createMailDeliveryHandler(),
  createUserImportHandler(),
  createPasswordResetHandler(),
];
