import { z } from 'zod';
import { ZId, ZIsoDate, ZIsoDateTime, ZPageQuery } from './common';

/**
 * Spec section 1 / DECISIONS "messages": system messages (an admin to all users of the client, a coordinator to
 * the groups they coordinate), private messages between users of one client, and notifications of events.
 */
export const MESSAGE_BOXES = ['inbox', 'system', 'notifications', 'sent'] as const;
export type TMessageBox = (typeof MESSAGE_BOXES)[number];

export const NOTIFICATION_TYPES = [
  'training_assigned',
  'reminder',
  'certificate_issued',
  'deadline_near',
  // Issue 30 point 1: the participant's renewal window opened / validity ended; the coordinator's summary of a day.
  'recertification_due',
  'certification_expired',
  'recertification_due_summary',
  'certification_expired_summary',
] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A deadline counts as near this many days ahead (a notification on that day, once per training and user). */
export const DEADLINE_NEAR_DAYS = 7;
/** The header's unread count asks again this often (and whenever the window gets the focus back). */
export const UNREAD_POLL_SECONDS = 30;
export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 5000;
export const RECIPIENT_SEARCH_LIMIT = 20;

export const ZNotificationData = z.object({
  trainingId: ZId.optional(),
  deadline: ZIsoDate.optional(),
  /** How many people a coordinator's summary names. */
  count: z.number().int().optional(),
});
export type TNotificationData = z.infer<typeof ZNotificationData>;

export const ZMessagePerson = z.object({ id: ZId, name: z.string() });

export const ZMessage = z.object({
  id: ZId,
  kind: z.enum(['SYSTEM', 'PRIVATE', 'NOTIFICATION']),
  subject: z.string(),
  body: z.string(),
  /** null: the platform (a notification) or a deleted user. */
  sender: ZMessagePerson.nullable(),
  /** Private messages: the reader; sent messages: who it went to. */
  recipient: ZMessagePerson.nullable(),
  /** System messages: the audience. */
  audience: z.enum(['CLIENT', 'GROUPS']).nullable(),
  notificationType: z.enum(NOTIFICATION_TYPES).nullable(),
  data: ZNotificationData.nullable(),
  isRead: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageListQuery = ZPageQuery.extend({ box: z.enum(MESSAGE_BOXES).default('inbox') });
export type TMessageListQuery = z.input<typeof ZMessageListQuery>;

/** A reader's own list, not a tenant-wide one: its total is counted whole. */
export const ZMessagePage = z.object({
  items: z.array(ZMessage),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TMessagePage = z.infer<typeof ZMessagePage>;

export const ZUnreadCount = z.object({
  inbox: z.number().int(),
  system: z.number().int(),
  notifications: z.number().int(),
  total: z.number().int(),
});
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

const subject = z.string().trim().min(1).max(MESSAGE_SUBJECT_MAX);
const body = z.string().trim().min(1).max(MESSAGE_BODY_MAX);

export const ZSendPrivateMessageBody = z.object({ recipientId: ZId, subject, body });
export type TSendPrivateMessageBody = z.input<typeof ZSendPrivateMessageBody>;

/** CLIENT: every user of the client (admins); GROUPS: the members of these groups (within the sender's scope). */
export const ZSendSystemMessageBody = z.object({
  audience: z.enum(['CLIENT', 'GROUPS']),
  groupIds: z.array(ZId).max(500).default([]),
  subject,
  body,
});
export type TSendSystemMessageBody = z.input<typeof ZSendSystemMessageBody>;

export const ZMarkAllReadBody = z.object({ box: z.enum(['inbox', 'system', 'notifications']) });

export const ZRecipientQuery = z.object({ search: z.string().trim().max(200).default('') });
export const ZRecipientList = z.object({ items: z.array(ZMessagePerson) });
export type TRecipientList = z.infer<typeof ZRecipientList>;

/** The groups a sender may address a system message to, and whether they may address the whole client. */
export const ZSystemMessageTargets = z.object({
  mayAddressClient: z.boolean(),
  groups: z.array(z.object({ id: ZId, name: z.string() })),
});
export type TSystemMessageTargets = z.infer<typeof ZSystemMessageTargets>;
