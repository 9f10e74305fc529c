// The public face of features/mail: what other features may import (docs/architecture.md, "Feature faces").

export { lastAccountMailFailure } from './account-mail-status';
export { countFailedMailsLastDay } from './mail-figures';
export { deleteSentMailBefore } from './mail-retention';
export { sendTemplatedMail, sendTemplatedMails } from './send-templated-mail';
export type { MailValues } from './send-templated-mail';
