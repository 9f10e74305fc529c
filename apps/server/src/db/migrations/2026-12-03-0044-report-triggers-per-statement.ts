import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 33 (proof at scale): the report summaries' triggers (migrations 0039 and 0042) made bulk writes cost
 * O(rows^2). Measured with `npx tsx bench/bulk-writes.ts`:
 *
 * - PostgreSQL: each row of a statement moved the same few summary rows (a training's count per status, once per
 *   company and group). Every update of a row leaves a version that later updates of the same transaction step over,
 *   so completing 5,000 participations in one statement took 53 s and removing them 33 s. Here the triggers on
 *   training_participants and group_members run once per statement over its transition tables (the rows before
 *   and after) and move each summary row once, by the sum of the statement's changes. The update's function keeps
 *   only the rows whose counted columns changed (EXCEPT ALL), as the row trigger's condition did: a trigger with
 *   transition tables may not name columns (UPDATE OF).
 * - SQLite: a membership's trigger read the user's participations through the client's whole counting index
 *   (`training_participants_counts`, which covers the columns it reads) instead of the learner's index, so adding
 *   20,000 members to a group took 131 s. Its triggers are made again with `indexed by training_participants_learner`.
 *
 * The functions run with `jit = off`: the planner's estimate for a statement over a transition table of thousands of
 * rows passed jit_above_cost, and compiling each of the three statements took 0.3-0.4 s, more than running it.
 *
 * The counts they keep are the same, row for row (reports.test.ts). The users' company trigger stays one per row:
 * it fires for a change of company_id only, and a per-statement one would copy every updated user row (each sign-in
 * writes one) into a transition table. A frozen copy: no app code. Safe while older processes run (the same tables,
 * kept the same way).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'trigger' and sql like '%from training_participants p where%'`.execute(db);
    for (const t of rows) {
      await sql.raw(`drop trigger ${t.name}`).execute(db);
      await sql
        .raw(
          t.sql.replace(
            /from training_participants p where/g,
            'from training_participants p indexed by training_participants_learner where',
          ),
        )
        .execute(db);
    }
    return;
  }

  const week = (col: string) => `to_char(date_trunc('week', ${col} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const day = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
  const dims = (r: string) => `lateral (select 'company' as dim, coalesce((select u.company_id from users u
      where u.id = ${r}.user_id), '') as dim_id
    union all select 'group' as dim, gm.group_id as dim_id from group_members gm where gm.user_id = ${r}.user_id) d`;
  /** Each summary: its table, its key column, the key's value for a row r, and which rows it counts. */
  const summaries = [
    {
      table: 'report_counts',
      key: 'status',
      value: (r: string) => `${r}.status`,
      counts: (r: string) => `${r}.is_assigned`,
    },
    {
      table: 'report_completion_weeks',
      key: 'week',
      value: (r: string) => week(`${r}.completed_at`),
      counts: (r: string) => `${r}.is_assigned and ${r}.status = 'COMPLETED' and ${r}.completed_at is not null`,
    },
    {
      table: 'report_validity_days',
      key: 'day',
      value: (r: string) => day(`${r}.valid_until`),
      counts: (r: string) =>
        `${r}.is_assigned and ${r}.valid_until is not null and ${r}.status <> 'EXPIRED' and ${r}.status <> 'OPTIONAL'`,
    },
  ];
  const upsert = (table: string, key: string, rows: string) =>
    `insert into ${table} (client_id, training_id, dim, dim_id, ${key}, n) ${rows}
      on conflict (client_id, training_id, dim, dim_id, ${key}) do update set n = ${table}.n + excluded.n`;

  // Participations: the statement's rows with +1 (added) and -1 (removed), each counted under its company and
  // groups; an update adds the rows after and removes the rows before, of those whose counted columns changed.
  const cols = 'client_id, training_id, user_id, is_assigned, status, completed_at, valid_until';
  const added = (from: string) => `select ${cols}, 1 as s from ${from}`;
  const removed = (from: string) => `select ${cols}, -1 as s from ${from}`;
  const deltas: Record<'insert' | 'delete' | 'update', { referencing: string; rows: string }> = {
    insert: { referencing: 'new table as new_rows', rows: added('new_rows') },
    delete: { referencing: 'old table as old_rows', rows: removed('old_rows') },
    update: {
      referencing: 'old table as old_rows new table as new_rows',
      rows: `${added(`(select ${cols} from new_rows except all select ${cols} from old_rows) a`)}
        union all ${removed(`(select ${cols} from old_rows except all select ${cols} from new_rows) b`)}`,
    },
  };
  const tpBody = (rows: string) =>
    summaries
      .map((m) =>
        upsert(
          m.table,
          m.key,
          `select r.client_id, r.training_id, d.dim, d.dim_id, ${m.value('r')}, sum(r.s)
            from (${rows}) r cross join ${dims('r')} where ${m.counts('r')}
            group by r.client_id, r.training_id, d.dim, d.dim_id, ${m.value('r')} having sum(r.s) <> 0`,
        ),
      )
      .map((s) => `${s};`)
      .join('\n');

  // Memberships: each added (removed) membership adds (takes) its user's counted participations to (from) the group.
  const memberBody = (from: string, sign: string) =>
    summaries
      .map((m) =>
        upsert(
          m.table,
          m.key,
          `select p.client_id, p.training_id, 'group', g.group_id, ${m.value('p')}, ${sign}count(*)
            from ${from} g join training_participants p on p.client_id = g.client_id and p.user_id = g.user_id
            where ${m.counts('p')} group by p.client_id, p.training_id, g.group_id, ${m.value('p')}`,
        ),
      )
      .map((s) => `${s};`)
      .join('\n');

  for (const old of ['report_counts_tp', 'report_validity_tp', 'report_counts_member', 'report_validity_member']) {
    const table = old.endsWith('_tp') ? 'training_participants' : 'group_members';
    await sql.raw(`drop trigger ${old} on ${table}`).execute(db);
    await sql.raw(`drop function ${old}()`).execute(db);
  }
  const create = async (name: string, table: string, event: string, referencing: string, body: string) => {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql set jit = off as $fn$ begin ${body} return null; end $fn$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${table} referencing ${referencing}
          for each statement execute function ${name}()`,
      )
      .execute(db);
  };
  for (const [event, delta] of Object.entries(deltas))
    await create(
      `report_summaries_tp_${event}`,
      'training_participants',
      event,
      delta.referencing,
      // An update has as many rows after as before: when none after differs from those before, none changed (a
      // reminder or an invitation marked on thousands of rows), and the summaries are not read at all.
      event === 'update'
        ? `if exists (select ${cols} from new_rows except all select ${cols} from old_rows) then ${tpBody(delta.rows)}
            end if;`
        : tpBody(delta.rows),
    );
  await create(
    'report_summaries_member_insert',
    'group_members',
    'insert',
    'new table as new_rows',
    memberBody('new_rows', ''),
  );
  await create(
    'report_summaries_member_delete',
    'group_members',
    'delete',
    'old table as old_rows',
    memberBody('old_rows', '-'),
  );
}
