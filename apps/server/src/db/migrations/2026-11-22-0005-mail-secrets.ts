import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/** Where a one-time token stood in a mail queued before this migration. */
const TOKEN_IN_LINK = /([?&]token=)[A-Za-z0-9_-]{16,}/g;

/**
 * Hardening, point 1 (DECISIONS "reset and activation links"): a mail's one-time link is no longer stored readable.
 * The queue keeps the redacted text (`...?token=…`); the secrets go to `secret_values_enc`, sealed with a key
 * derived from APP_SECRET, and are put back only at delivery. `is_redacted` tells the queue screen that the shown
 * text differs from the delivered one.
 *
 * Activation and reset mails queued before carry their live token in the text: it is redacted here. One still
 * waiting then arrives with a link that does not work, and its reader asks for a new one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('mail_queue').addColumn('secret_values_enc', 'text').execute();
  await db.schema
    .alterTable('mail_queue')
    .addColumn('is_redacted', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
  await redactQueuedLinks(db, dialect);
}

/** The tokens in the activation and reset mails queued before, as `…` (the migration's data part, tested). */
export async function redactQueuedLinks(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  // In pages by id: an import may have queued a hundred thousand activation mails.
  const redact = (s: string) => s.replace(TOKEN_IN_LINK, '$1…');
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; subject: string; body_text: string; body_html: string }>`
      select id, subject, body_text, body_html from mail_queue
      where template_kind in ('activation', 'password_reset') and id > ${after}
      order by id limit 1000`.execute(db);
    for (const row of rows) {
      const subject = redact(row.subject);
      const text = redact(row.body_text);
      const html = redact(row.body_html);
      if (subject === row.subject && text === row.body_text && html === row.body_html) continue;
      await sql`update mail_queue set subject = ${subject}, body_text = ${text}, body_html = ${html},
        is_redacted = ${t.trueValue} where id = ${row.id}`.execute(db);
    }
    const last = rows.at(-1);
    if (!last || rows.length < 1000) return;
    after = last.id;
  }
}
