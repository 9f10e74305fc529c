import { scopeOf } from '@lms/contracts/permissions';
import {
  RECIPIENT_SEARCH_LIMIT,
  ZNotificationData,
  type TMessage,
  type TMessagePage,
  type TRecipientList,
  type TUnreadCount,
  type ZMessageListQuery,
  type ZSendPrivateMessageBody,
  type ZSendSystemMessageBody,
} from '@lms/contracts/messages';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { groupIdsOfMember, groupsOfClient } from '../groups';
import { directoryNames, findDirectoryPerson, searchDirectory, resolveUserScope } from '../users';
import {
  countUnreadMessages,
  countUnreadSystem,
  findVisibleSystemMessage,
  insertMessage,
  insertSystemMessage,
  markAllMessagesRead,
  markAllSystemRead,
  markMessageRead,
  markSystemRead,
  pageMessages,
  pageSystemMessages,
  type Reader,
} from './message.repository';
import type { MessagesTable, SystemMessagesTable } from './message.table';

const readerOf = async (deps: AppDeps, actor: Actor): Promise<Reader> => ({
  clientId: actor.clientId,
  userId: actor.userId,
  groupIds: await groupIdsOfMember(deps.db, actor.clientId, actor.userId),
});

const parseData = (json: string | null) => {
  if (!json) return null;
  const parsed = ZNotificationData.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
};

const person = (names: Map<string, string>, id: string | null) =>
  id && names.has(id) ? { id, name: names.get(id) ?? '' } : null;

function presentMessage(m: MessagesTable, names: Map<string, string>): TMessage {
  return {
    id: m.id,
    kind: m.kind === 'NOTIFICATION' ? 'NOTIFICATION' : 'PRIVATE',
    subject: m.subject,
    body: m.body,
    sender: person(names, m.sender_id),
    recipient: person(names, m.recipient_id),
    audience: null,
    notificationType: m.kind === 'NOTIFICATION' ? (m.notification_type as TMessage['notificationType']) : null,
    data: parseData(m.data),
    isRead: m.read_at !== null,
    createdAt: m.created_at,
  };
}

function presentSystem(m: SystemMessagesTable & { is_read: unknown }): TMessage {
  return {
    id: m.id,
    kind: 'SYSTEM',
    subject: m.subject,
    body: m.body,
    // The name as it was when sent: the sender may have left since.
    sender: { id: m.sender_id ?? m.id, name: m.sender_name },
    recipient: null,
    audience: m.audience === 'GROUPS' ? 'GROUPS' : 'CLIENT',
    notificationType: null,
    data: null,
    isRead: Boolean(m.is_read),
    createdAt: m.created_at,
  };
}

/** DECISIONS "table paging": every box pages on the server, newest first. */
export async function listMessages(
  deps: AppDeps,
  actor: Actor,
  query: z.output<typeof ZMessageListQuery>,
): Promise<TMessagePage> {
  const r = await readerOf(deps, actor);
  const position = { page: query.page, pageSize: query.pageSize };
  if (query.box === 'system') {
    const { rows, total } = await pageSystemMessages(deps.db, r, position);
    return { items: rows.map(presentSystem), total, page: query.page, pageSize: query.pageSize };
  }
  const { rows, total } = await pageMessages(deps.db, r, query.box, position);
  const names = await directoryNames(
    deps.db,
    actor.clientId,
    rows.flatMap((m) => [m.sender_id, m.recipient_id]).filter((id): id is string => id !== null),
  );
  return { items: rows.map((m) => presentMessage(m, names)), total, page: query.page, pageSize: query.pageSize };
}

export async function unreadCount(deps: AppDeps, actor: Actor): Promise<TUnreadCount> {
  const r = await readerOf(deps, actor);
  const byKind = await countUnreadMessages(deps.db, r);
  const system = await countUnreadSystem(deps.db, r);
  const inbox = byKind.get('PRIVATE') ?? 0;
  const notifications = byKind.get('NOTIFICATION') ?? 0;
  return { inbox, system, notifications, total: inbox + system + notifications };
}

/** One message of the reader's, private, notification or system; anything else (another client's) is 404. */
export async function markRead(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const r = await readerOf(deps, actor);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (await markMessageRead(trx, r, id, now)) return;
    if (!(await findVisibleSystemMessage(trx, r, id))) notFound('message');
    await markSystemRead(trx, r, [id], now);
  });
}

export async function markAllRead(deps: AppDeps, actor: Actor, box: 'inbox' | 'system' | 'notifications') {
  const r = await readerOf(deps, actor);
  const now = nowIso();
  if (box === 'system') await markAllSystemRead(deps.db, r, now);
  else await markAllMessagesRead(deps.db, r, box === 'inbox' ? 'PRIVATE' : 'NOTIFICATION', now);
}

/** Private messages stay inside one client: a user of another client is not found (404), like an unknown id. */
export async function sendPrivateMessage(
  deps: AppDeps,
  actor: Actor,
  body: z.output<typeof ZSendPrivateMessageBody>,
): Promise<TMessage> {
  if (body.recipientId === actor.userId) badRequest('message_recipient_self', { field: 'recipientId' });
  const recipient = (await findDirectoryPerson(deps.db, actor.clientId, body.recipientId)) ?? notFound('user');
  const row: MessagesTable = {
    id: newId(),
    client_id: actor.clientId,
    kind: 'PRIVATE',
    sender_id: actor.userId,
    recipient_id: recipient.id,
    subject: body.subject,
    body: body.body,
    notification_type: null,
    data: null,
    dedupe_key: null,
    read_at: null,
    created_at: nowIso(),
  };
  await insertMessage(deps.db, row);
  const names = await directoryNames(deps.db, actor.clientId, [actor.userId, recipient.id]);
  return presentMessage(row, names);
}

/**
 * System messages (DECISIONS "messages"): stored once whatever the audience's size. 'client' scope (admins) may
 * address the whole client or any group; 'groups' scope only groups within the sender's coordination scope (a
 * coordinator's own groups). A group outside it, or of another client, is not found.
 */
export async function sendSystemMessage(
  deps: AppDeps,
  actor: Actor,
  body: z.output<typeof ZSendSystemMessageBody>,
): Promise<TMessage> {
  const scope = scopeOf(actor.role, 'messages.system') ?? forbidden();
  const groupIds = body.audience === 'GROUPS' ? [...new Set(body.groupIds)] : [];
  if (body.audience === 'CLIENT' && scope !== 'client') forbidden();
  if (body.audience === 'GROUPS') {
    if (groupIds.length === 0) badRequest('message_groups_required', { field: 'groupIds' });
    const found = await groupsOfClient(deps.db, actor.clientId, groupIds);
    const userScope = scope === 'client' ? null : (await resolveUserScope(deps, actor)).groupIds;
    const allowed = found.filter((g) => userScope === null || userScope.includes(g.id));
    if (allowed.length !== groupIds.length) notFound('group');
  }
  const sender = await findDirectoryPerson(deps.db, actor.clientId, actor.userId);
  const row: SystemMessagesTable = {
    id: newId(),
    client_id: actor.clientId,
    sender_id: actor.userId,
    sender_name: sender?.name ?? '',
    audience: body.audience,
    subject: body.subject,
    body: body.body,
    created_at: nowIso(),
  };
  await deps.db.transaction().execute((trx) => insertSystemMessage(trx, row, groupIds));
  return presentSystem({ ...row, is_read: true });
}

export async function findRecipients(deps: AppDeps, actor: Actor, search: string): Promise<TRecipientList> {
  return {
    items: await searchDirectory(deps.db, deps.dialect, actor.clientId, search, RECIPIENT_SEARCH_LIMIT, actor.userId),
  };
}
