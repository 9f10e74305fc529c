// The public face of features/account: what other features may import (docs/architecture.md, "Feature faces").

export { sendActivationMails, sendPasswordResetMail } from './account-invite';
export { clientBaseUrl } from './account-links';
export { createFirstAdmin } from './first-admin';
