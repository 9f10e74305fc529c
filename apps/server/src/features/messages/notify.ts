import type { TNotificationData, TNotificationType } from '@lms/contracts/messages';
import type { DbOrTrx } from '../../db/database';
import { newId, nowIso } from '../../platform/ids';

/** Rows per INSERT: 12 values each stays far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const BATCH = 500;

export interface NotificationEvent {
  type: TNotificationType;
  data: TNotificationData;
  /**
   * Makes the notification once per user (unique with the recipient): a retried job or a second run of a schedule
   * inserts nothing new. Left out: every call notifies.
   */
  dedupeKey?: string;
}

/**
 * Notifies users of an event (issue 14: a training assigned, a reminder, a certificate issued, a deadline near),
 * inside the caller's transaction, so the notification exists exactly when the change that caused it does. One
 * multi-row INSERT per 500 users, never one per user; the text is the web app's, by type and data, in the reader's
 * language at reading time. Depends on nothing but the database, so any feature may call it without a cycle.
 */
export async function notifyUsers(
  trx: DbOrTrx,
  clientId: string,
  userIds: readonly string[],
  event: NotificationEvent,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const now = nowIso();
  const data = JSON.stringify(event.data);
  for (let i = 0; i < unique.length; i += BATCH) {
    await trx
      .insertInto('messages')
      .values(
        unique.slice(i, i + BATCH).map((recipientId) => ({
          id: newId(),
          client_id: clientId,
          kind: 'NOTIFICATION',
          sender_id: null,
          recipient_id: recipientId,
          subject: '',
          body: '',
          notification_type: event.type,
          data,
          dedupe_key: event.dedupeKey ?? null,
          read_at: null,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
