import type { TLocale } from '@lms/contracts/constants';
import type { TMailValues } from '@lms/contracts/mail-templates';
import type { DbOrTrx } from '../../db/database';

/** The mails of the account area; each is a template kind of the mail feature (DECISIONS "default templates"). */
export interface AccountMail {
  kind: 'activation' | 'password_reset' | 'forgot_username' | 'data_change_request';
  to: string;
  toName?: string | null;
  locale: TLocale;
  values: TMailValues;
}

/**
 * Enqueues account mails in the caller's transaction (outbox), so a mail exists exactly when the change that
 * caused it was committed.
 */
export async function queueAccountMails(db: DbOrTrx, clientId: string, mails: readonly AccountMail[]): Promise<void> {
  // Wired to the mail feature's enqueueMail once it lands (issue 3).
  await Promise.resolve([db, clientId, mails]);
}
