import { MAIL_RETRY_DELAYS_MINUTES, MAIL_RETRY_MAX_HOURS, MAIL_RETRY_THEN_EVERY_HOURS } from '@lms/contracts/constants';
import type { TLocale } from '@lms/contracts/constants';
import type { TMailTransport } from '@lms/contracts/mail';
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx, MailAttemptsTable, MailQueueTable } from '../../db/database';
import type { JobHandler } from '../../platform/jobs';
import { PermanentJobError, RetryJobError, type RetryPolicy } from '../../platform/jobs-retry';
import {
  describeSendError,
  MailSendError,
  openMailTransport,
  type MailTransport,
  type SentMail,
} from '../../platform/mailer';
import { brandMail } from '../templates';
import { deliverableTexts, MAIL_JOB_KIND } from './mail-queue';
import { applyMailAttempt, findClientMailInfo, findMailById, insertAttempt } from './mail.repository';
import { resolveMailRoute, type MailRoute } from './mail-route';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** DECISIONS "retries": 1, 5, 15, 60, 240 minutes, then every 6 hours, up to 48 hours after the mail was queued. */
export const MAIL_RETRY_POLICY: RetryPolicy = {
  delaysMs: MAIL_RETRY_DELAYS_MINUTES.map((m) => m * MINUTE),
  thenEveryMs: MAIL_RETRY_THEN_EVERY_HOURS * HOUR,
  maxAgeMs: MAIL_RETRY_MAX_HOURS * HOUR,
  maxAttempts: 100,
};

const smtpCodeOf = (response: string | null): number | null => {
  const m = /^(\d{3})[\s-]/.exec(response ?? '');
  return m ? Number(m[1]) : null;
};

/** What one attempt writes: its history row, and the mail row's change (made only while it is in `from`). */
interface AttemptRecord {
  attempt: Pick<Insertable<MailAttemptsTable>, 'outcome' | 'transport' | 'smtp_code' | 'response'>;
  from: readonly string[];
  changes: Updateable<MailQueueTable>;
}

const sentRecord = (transport: TMailTransport, sent: SentMail, now: Date): AttemptRecord => ({
  attempt: {
    outcome: 'sent',
    transport,
    smtp_code: transport === 'outbox' ? null : smtpCodeOf(sent.response),
    response: sent.response.slice(0, 2_000),
  },
  // A mail cancelled while it was already on its way was still delivered: the row says what happened.
  from: ['queued', 'cancelled'],
  // A delivered mail's one-time links are not needed any more: their sealed form goes too.
  changes: {
    status: 'sent',
    sent_at: now.toISOString(),
    message_id: sent.messageId,
    next_attempt_at: null,
    last_error: null,
    secret_values_enc: null,
  },
});

const failureRecord = (transport: TMailTransport, failure: MailSendError, retryAt: Date | null): AttemptRecord => ({
  attempt: { outcome: retryAt ? 'retry' : 'failed', transport, smtp_code: failure.smtpCode, response: failure.message },
  from: ['queued'],
  changes: {
    status: retryAt ? 'queued' : 'failed',
    next_attempt_at: retryAt?.toISOString() ?? null,
    last_error: failure.message,
  },
});

async function recordAttempt(
  db: DbOrTrx,
  clientId: string,
  mailId: string,
  { attempt, from, changes }: AttemptRecord,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertAttempt(trx, clientId, { mail_id: mailId, attempted_at: at, ...attempt });
    await applyMailAttempt(trx, clientId, mailId, from, { ...changes, transport: attempt.transport, updated_at: at });
  });
}

/**
 * The worker's side of the outbox: delivers one queued mail. At least once: the mail row changes only after the
 * SMTP answer, so a worker that dies in between leaves the mail queued and its job is taken again. A 5xx answer
 * fails the mail at once; anything else waits by MAIL_RETRY_POLICY. Every attempt is kept with its answer.
 */
export function createMailDeliveryHandler(): JobHandler<{ mailId: string }> {
  const pools = new Map<string, { fingerprint: string; transport: MailTransport }>();
  const transportFor = (route: MailRoute): MailTransport => {
    const entry = pools.get(route.key);
    if (entry?.fingerprint === route.fingerprint) return entry.transport;
    entry?.transport.close();
    const transport = openMailTransport(route.target, { pool: route.target.kind !== 'outbox' });
    pools.set(route.key, { fingerprint: route.fingerprint, transport });
    return transport;
  };

  return {
    kind: MAIL_JOB_KIND,
    retry: MAIL_RETRY_POLICY,
    leaseMs: 2 * MINUTE,
    async run(ctx) {
      const { db } = ctx.deps;
      const clientId = ctx.job.clientId;
      if (!clientId) throw new PermanentJobError('mail job without a client');
      const mail = await findMailById(db, clientId, ctx.job.payload.mailId);
      if (!mail || mail.status !== 'queued') return { skipped: mail?.status ?? 'missing' };
      // A retry from the queue screen gives the mail a new job; an older job of it (cancelled while it ran, and
      // rescheduled by its own failure) must not send it a second time.
      if (mail.job_id && mail.job_id !== ctx.job.id) return { skipped: 'superseded' };
      if (mail.next_attempt_at && Date.parse(mail.next_attempt_at) > ctx.now().getTime()) {
        // Taken early after a lost lease: wait for the time the last attempt chose.
        throw new RetryJobError('not due yet', new Date(mail.next_attempt_at));
      }
      const client = (await findClientMailInfo(db, clientId)) ?? null;
      if (!client) throw new PermanentJobError('client not found');
      let transport: TMailTransport = 'client-smtp';
      let sent: SentMail;
      try {
        const route = await resolveMailRoute(ctx.deps, client);
        transport = route.transport;
        // The stored texts show one-time links redacted; only the mail that leaves carries them (mail-queue.ts).
        const texts = await deliverableTexts(ctx.deps.config.appSecret, mail);
        // The client's frame goes round the body last: it holds no link to restore (templates/mail/mail-layout.ts).
        const branded = await brandMail(db, ctx.deps.config, clientId, mail.locale as TLocale, texts);
        if (!branded) throw new MailSendError('client not found', true, null, null);
        sent = await transportFor(route).send({
          messageId: `<${mail.id}@${client.platform_domain}>`,
          from: route.from,
          to: { address: mail.to_address, name: mail.to_name },
          replyTo: mail.reply_to ?? client.support_email,
          subject: texts.subject,
          text: branded.text,
          html: branded.html,
          attachments: branded.attachments,
        });
      } catch (err) {
        const failure = describeSendError(err);
        const retryAt = failure.permanent ? null : ctx.retryAt();
        await recordAttempt(db, clientId, mail.id, failureRecord(transport, failure, retryAt), ctx.now());
        throw new RetryJobError(failure.message, retryAt);
      }
      const now = ctx.now();
      await recordAttempt(db, clientId, mail.id, sentRecord(transport, sent, now), now);
      return { transport, response: sent.response };
    },
    close() {
      for (const entry of pools.values()) entry.transport.close();
      pools.clear();
      return Promise.resolve();
    },
  };
}
