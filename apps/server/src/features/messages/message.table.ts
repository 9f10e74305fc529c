// The messages feature's row types, assembled into the Database interface by db/database.ts (migration 0023).

/** A system message, stored once for its whole audience. */
export interface SystemMessagesTable {
  id: string;
  client_id: string;
  sender_id: string | null;
  sender_name: string;
  /** 'CLIENT' (every user of the client) or 'GROUPS' (the members of system_message_groups). */
  audience: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface SystemMessageGroupsTable {
  message_id: string;
  group_id: string;
  client_id: string;
}

/** One row per reader who has read a system message; no row: unread. */
export interface SystemMessageReadsTable {
  message_id: string;
  user_id: string;
  client_id: string;
  read_at: string;
}

/** A private message or a notification: one reader, its own read mark. */
export interface MessagesTable {
  id: string;
  client_id: string;
  /** 'PRIVATE' or 'NOTIFICATION'. */
  kind: string;
  sender_id: string | null;
  recipient_id: string;
  subject: string;
  body: string;
  notification_type: string | null;
  /** JSON of TNotificationData. */
  data: string | null;
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
}
