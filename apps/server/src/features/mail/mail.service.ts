import type { TLocale } from '@lms/contracts/constants';
import type { TMailDetail, TMailQueueItem, TMailQueueQuery, TMailStatus, TMailTransport } from '@lms/contracts/mail';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { cancelQueuedJob, enqueueJob } from '../../platform/jobs-store';
import type { Actor } from '../../platform/session';
import { MAIL_JOB_KIND } from './mail-queue';
import {
  findMailById,
  listAttempts,
  listMails,
  updateMailIf,
  type MailAttemptRow,
  type MailRow,
} from './mail.repository';

type Page<T> = { items: T[]; total: number; totalCapped: boolean; page: number; pageSize: number };

function presentMail(row: MailRow): TMailQueueItem {
  return {
    id: row.id,
    recipient: row.to_address,
    subject: row.subject,
    status: row.status as TMailStatus,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
    createdAt: row.created_at,
    templateKind: row.template_kind,
    locale: row.locale as TLocale,
    transport: row.transport as TMailTransport | null,
  };
}

const presentAttempt = (a: MailAttemptRow) => ({
  id: a.id,
  attemptedAt: a.attempted_at,
  outcome: a.outcome as 'sent' | 'retry' | 'failed',
  transport: a.transport as TMailTransport,
  smtpCode: a.smtp_code,
  response: a.response,
});

export async function listMailQueue(deps: AppDeps, actor: Actor, q: TMailQueueQuery): Promise<Page<TMailQueueItem>> {
  const { rows, total, totalCapped } = await listMails(deps.db, actor.clientId, q);
  return { items: rows.map(presentMail), total, totalCapped, page: q.page, pageSize: q.pageSize };
}

export async function getMail(deps: AppDeps, actor: Actor, id: string): Promise<TMailDetail> {
  const row = (await findMailById(deps.db, actor.clientId, id)) ?? notFound('mail');
  const history = await listAttempts(deps.db, actor.clientId, id);
  return {
    ...presentMail(row),
    replyTo: row.reply_to,
    secretsRedacted: row.is_redacted,
    bodyText: row.body_text,
    bodyHtml: row.body_html,
    history: history.map(presentAttempt),
  };
}

/** A failed or cancelled mail goes back in the queue now, with a fresh retry window of its own job. */
export async function retryMail(deps: AppDeps, actor: Actor, id: string): Promise<TMailDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const mail = (await findMailById(trx, actor.clientId, id)) ?? notFound('mail');
    const jobId = await enqueueJob(trx, {
      clientId: actor.clientId,
      kind: MAIL_JOB_KIND,
      payload: { mailId: mail.id },
      capability: 'content.manage',
      maxAttempts: 100,
      createdBy: actor.userId,
    });
    const requeued = await updateMailIf(trx, actor.clientId, id, ['failed', 'cancelled'], {
      status: 'queued',
      job_id: jobId,
      next_attempt_at: null,
      updated_at: nowIso(),
    });
    if (!requeued) conflict('conflict', { status: mail.status });
  });
  return getMail(deps, actor, id);
}

/** Only a mail still waiting can be cancelled; one on its way may still arrive (and then shows as sent). */
export async function cancelMail(deps: AppDeps, actor: Actor, id: string): Promise<TMailDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const mail = (await findMailById(trx, actor.clientId, id)) ?? notFound('mail');
    const cancelled = await updateMailIf(trx, actor.clientId, id, ['queued'], {
      status: 'cancelled',
      next_attempt_at: null,
      updated_at: nowIso(),
    });
    if (!cancelled) conflict('conflict', { status: mail.status });
    if (mail.job_id) await cancelQueuedJob(trx, actor.clientId, mail.job_id);
  });
  return getMail(deps, actor, id);
}
