import type { TLocale } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';
import { sendTemplatedMails, type MailValues } from '../mail';

/** The mails of the account area; each is a template kind of the mail feature (DECISIONS "default templates"). */
export interface AccountMail {
  kind: 'activation' | 'password_reset' | 'forgot_username' | 'data_change_request';
  to: string;
  toName?: string | null;
  replyTo?: string | null;
  locale: TLocale;
  /** A link with a one-time token is a SecretText (link-tokens.ts), never a plain string. */
  values: MailValues;
}

/**
 * Enqueues account mails in the caller's transaction (outbox), so a mail exists exactly when the change that
 * caused it was committed; the mail worker delivers it. APP_SECRET seals the one-time links (send-templated-mail.ts).
 * They are queued together, a few statements for an import's thousands (issue 15).
 */
export async function queueAccountMails(
  db: DbOrTrx,
  clientId: string,
  appSecret: string,
  mails: readonly AccountMail[],
): Promise<void> {
  await sendTemplatedMails(
    db,
    clientId,
    mails.map((m) => ({
      appSecret,
      kind: m.kind,
      locale: m.locale,
      to: { address: m.to, name: m.toName ?? null },
      values: m.values,
      replyTo: m.replyTo ?? null,
    })),
  );
}
