import type { TLocale } from '@lms/contracts/constants';
import type { TMailTemplateKind } from '@lms/contracts/mail-templates';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../platform/ids';
import { enqueueJob } from '../../platform/jobs-store';
import { textToHtml, wrapHtmlDocument } from '../mail-templates/template-render';
import { insertMail } from './mail.repository';

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
  const id = newId();
  const to = typeof mail.to === 'string' ? { address: mail.to, name: null } : mail.to;
  const jobId = await enqueueJob(
    trx,
    { clientId, kind: MAIL_JOB_KIND, payload: { mailId: id }, capability: 'content.manage', maxAttempts: 100 },
    now,
  );
  const at = now.toISOString();
  await insertMail(trx, clientId, {
    id,
    job_id: jobId,
    template_kind: mail.templateKind ?? null,
    locale: mail.locale,
    to_address: to.address.trim(),
    to_address_normalized: to.address.trim().toLowerCase(),
    to_name: to.name ?? null,
    reply_to: mail.replyTo ?? null,
    subject: mail.subject.replace(/[\r\n]+/g, ' ').trim(),
    body_text: mail.text,
    body_html: mail.html ?? wrapHtmlDocument(textToHtml(mail.text), mail.locale),
    status: 'queued',
    attempts: 0,
    last_error: null,
    next_attempt_at: null,
    sent_at: null,
    transport: null,
    message_id: null,
    created_at: at,
    updated_at: at,
  });
  return id;
}
