import { z } from 'zod';
import { ZId, ZIsoDateTime, ZLocale, ZPageQuery } from './common';

/** The mail queue (outbox): one row per mail, every delivery attempt kept with its SMTP answer. */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];
export const ZMailStatus = z.enum(MAIL_STATUSES);

/** Which way a mail left: the client's SMTP, the platform's SMTP_URL, or the local .eml outbox folder. */
export const MAIL_TRANSPORTS = ['client-smtp', 'platform-smtp', 'outbox'] as const;
export type TMailTransport = (typeof MAIL_TRANSPORTS)[number];
export const ZMailTransport = z.enum(MAIL_TRANSPORTS);

export const MAIL_ATTEMPT_OUTCOMES = ['sent', 'retry', 'failed'] as const;
export const ZMailAttemptOutcome = z.enum(MAIL_ATTEMPT_OUTCOMES);

export const MAIL_QUEUE_SORTS = ['createdAt', 'recipient', 'subject', 'status', 'attempts'] as const;

export const ZMailQueueQuery = ZPageQuery.extend({
  sort: z.enum(MAIL_QUEUE_SORTS).optional(),
  status: ZMailStatus.optional(),
  recipient: z.string().trim().max(254).optional(),
  subject: z.string().trim().max(200).optional(),
});
export type TMailQueueQuery = z.infer<typeof ZMailQueueQuery>;

export const ZMailQueueItem = z.object({
  id: ZId,
  recipient: z.string(),
  subject: z.string(),
  status: ZMailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: ZIsoDateTime.nullable(),
  sentAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
  templateKind: z.string().nullable(),
  locale: ZLocale,
  transport: ZMailTransport.nullable(),
});
export type TMailQueueItem = z.infer<typeof ZMailQueueItem>;

export const ZMailAttempt = z.object({
  id: ZId,
  attemptedAt: ZIsoDateTime,
  outcome: ZMailAttemptOutcome,
  transport: ZMailTransport,
  smtpCode: z.number().int().nullable(),
  response: z.string().nullable(),
});
export type TMailAttempt = z.infer<typeof ZMailAttempt>;

export const ZMailDetail = ZMailQueueItem.extend({
  replyTo: z.string().nullable(),
  /**
   * The subject and texts show a secret (a one-time link) redacted as `…`; the delivered mail carries it
   * (DECISIONS "reset and activation links").
   */
  secretsRedacted: z.boolean(),
  bodyText: z.string(),
  bodyHtml: z.string(),
  history: z.array(ZMailAttempt),
});
export type TMailDetail = z.infer<typeof ZMailDetail>;
