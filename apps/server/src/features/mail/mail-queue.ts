import type { TLocale } from '@lms/contracts/constants';
import type { TMailTemplateKind } from '@lms/contracts/mail-templates';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../platform/ids';
import { enqueueJobs } from '../../platform/jobs-store';
import { MailSendError } from '../../platform/mailer';
import { openSecret, sealSecret } from '../../platform/secret-box';
import { containsSecret, revealSecret, type SecretText } from '../../platform/secret-text';
import { escapeHtml, textToHtml, wrapHtmlDocument } from '../templates';
import { insertMails, type MailRow } from './mail.repository';
import { restoreSecrets } from './secret-restore';

export const MAIL_JOB_KIND = 'mail.send';

export interface MailToEnqueue {
  to: string | { address: string; name?: string | null };
  subject: string;
  text: string;
  /** Left out: made from the text. */
  html?: string | null;
  /** Left out: the client's support e-mail at the time the mail leaves. */
  replyTo?: string | null;
  locale: TLocale;
  templateKind?: TMailTemplateKind | null;
  /**
   * Secrets (one-time links) whose redacted form stands in subject, text or html: sealed with a key from
   * APP_SECRET (`appSecret`, needed then) and put back only at delivery. The secret itself never goes into the
   * stored texts; a text that holds one in clear is refused.
   */
  secrets?: readonly SecretText[];
  appSecret?: string;
}

/** The key's purpose for a mail's sealed secrets (platform/secret-box.ts); the mail's id is bound to them. */
const SECRETS_PURPOSE = 'mail-secrets-v1';

/** [shown form, value] of each secret of a mail. */
type SecretPairs = [string, string][];

interface StoredTexts {
  subject: string;
  text: string;
  html: string;
}

function sealSecrets(
  mailId: string,
  stored: StoredTexts,
  mail: MailToEnqueue,
): { secret_values_enc: string | null; is_redacted: boolean } {
  const pairs: SecretPairs = [];
  for (const secret of mail.secrets ?? []) {
    if ([stored.subject, stored.text, stored.html].some((part) => containsSecret(part, secret))) {
      throw new Error('a mail text holds a secret in clear; pass it as a SecretText value');
    }
    const shown = secret.redacted;
    const value = revealSecret(secret);
    const appears =
      stored.subject.includes(shown) || stored.text.includes(shown) || stored.html.includes(escapeHtml(shown));
    if (!appears) continue;
    const same = pairs.find(([s]) => s === shown);
    if (same && same[1] !== value) throw new Error('two secrets of one mail share their redacted form');
    if (!same) pairs.push([shown, value]);
  }
  if (pairs.length === 0) return { secret_values_enc: null, is_redacted: false };
  if (!mail.appSecret) throw new Error('a mail with secrets needs APP_SECRET to seal them');
  return {
    secret_values_enc: sealSecret(mail.appSecret, SECRETS_PURPOSE, JSON.stringify(pairs), mailId),
    is_redacted: true,
  };
}

/**
 * The mail as it leaves: the stored subject and texts with each redacted secret put back only where the redacted
 * link stands alone (secret-restore.ts: a whole line of the text, the exact href of an `<a>`; never the subject).
 * Only the mail worker calls this, right before handing the mail to SMTP. When the secrets do not open (APP_SECRET
 * changed) the mail fails for good: its links could not work anyway.
 */
export async function deliverableTexts(appSecret: string, mail: MailRow): Promise<StoredTexts> {
  const out = { subject: mail.subject, text: mail.body_text, html: mail.body_html };
  if (!mail.secret_values_enc) return out;
  let pairs: SecretPairs;
  try {
    pairs = JSON.parse(openSecret(appSecret, SECRETS_PURPOSE, mail.secret_values_enc, mail.id)) as SecretPairs;
  } catch {
    throw new MailSendError('The mail’s one-time link cannot be opened (was APP_SECRET changed?).', true, null, null);
  }
  return restoreSecrets(out, pairs, mail.locale as TLocale);
}

/**
 * The outbox (ARCHITECTURE section 7): call inside the transaction of the change that causes the mail, so the mail
 * exists exactly when the change commits. The worker delivers it afterwards. Answers the mail's id.
 */
export async function enqueueMail(
  trx: DbOrTrx,
  clientId: string,
  mail: MailToEnqueue,
  now = new Date(),
): Promise<string> {
  const [id] = await enqueueMails(trx, clientId, [mail], now);
  return id as string;
}

/**
 * Many mails of one client at once, as enqueueMail does each: their jobs and their rows are written with one
 * statement per chunk, not two round trips per mail (issue 15: an import's 10,000 activation mails). Answers the
 * mails' ids in input order.
 */
export async function enqueueMails(
  trx: DbOrTrx,
  clientId: string,
  mails: readonly MailToEnqueue[],
  now = new Date(),
): Promise<string[]> {
  if (mails.length === 0) return [];
  const at = now.toISOString();
  // Every mail is rendered and sealed before anything is written: a text that holds a secret in clear throws here.
  const rows = mails.map((mail) => {
    const id = newId();
    const to = typeof mail.to === 'string' ? { address: mail.to, name: null } : mail.to;
    const stored: StoredTexts = {
      subject: mail.subject.replace(/[\r\n]+/g, ' ').trim(),
      text: mail.text,
      html: mail.html ?? wrapHtmlDocument(textToHtml(mail.text), mail.locale),
    };
    return {
      id,
      template_kind: mail.templateKind ?? null,
      locale: mail.locale,
      to_address: to.address.trim(),
      to_address_normalized: to.address.trim().toLowerCase(),
      to_name: to.name ?? null,
      reply_to: mail.replyTo ?? null,
      subject: stored.subject,
      body_text: stored.text,
      body_html: stored.html,
      ...sealSecrets(id, stored, mail),
      status: 'queued',
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
      sent_at: null,
      transport: null,
      message_id: null,
      created_at: at,
      updated_at: at,
    };
  });
  const jobIds = await enqueueJobs(
    trx,
    rows.map((row) => ({
      clientId,
      kind: MAIL_JOB_KIND,
      payload: { mailId: row.id },
      capability: 'content.manage' as const,
      maxAttempts: 100,
    })),
    now,
  );
  await insertMails(
    trx,
    clientId,
    rows.map((row, i) => ({ ...row, job_id: jobIds[i] ?? null })),
  );
  return rows.map((row) => row.id);
}
