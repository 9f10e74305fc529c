import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 31, the compliance overview at 100,000 users: its "expiring within 30 days" was counted live, a range of
 * the client's end dates (about 60,000 of 2,000,000 rows) each joined to its user's company and groups: 815 ms of
 * the overview's 830 on SQLite. `report_validity_days` (client, training, dim, dim_id, day) -> n keeps, as
 * report_counts does (migration 0039), the assigned participations whose validity runs out on that UTC day and
 * that still count as valid or renewing (not EXPIRED, not OPTIONAL), once per company and once per group of their
 * user. The overview sums the whole days of its window from it (a covering range of the index below) and counts
 * only the two partial days at the window's ends live.
 *
 * Triggers keep it in the transaction of every change, beside 0039's and in the same way: a participation added,
 * removed or changed in is_assigned, status or valid_until; a membership added or removed; a user's company changed
 * (a user's deletion removes its participations first, 0039's trigger). A new table, its triggers and a backfill:
 * safe while older processes run (they never read it; their writes move it through the triggers). A frozen copy: no
 * app code.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('report_validity_days')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('training_id', 'text', (c) => c.notNull())
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('dim_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_validity_days_pk', ['client_id', 'training_id', 'dim', 'dim_id', 'day'])
    .execute();
  // The overview reads a client's rows of one dimension over a range of days, every training at once.
  await db.schema
    .createIndex('report_validity_days_range')
    .on('report_validity_days')
    .columns(['client_id', 'dim', 'day', 'training_id', 'dim_id', 'n'])
    .execute();

  const day = (col: string) =>
    dialect === 'postgres' ? `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')` : `substr(${col}, 1, 10)`;
  const counted = (r: string) =>
    `${r}.is_assigned and ${r}.valid_until is not null and ${r}.status <> 'EXPIRED' and ${r}.status <> 'OPTIONAL'`;
  const dims = (r: string) => `(select 'company' as dim, coalesce((select u.company_id from users u
      where u.id = ${r}.user_id), '') as dim_id
    union all select 'group' as dim, gm.group_id as dim_id from group_members gm where gm.user_id = ${r}.user_id) d`;
  const upsert = `on conflict (client_id, training_id, dim, dim_id, day) do update set n = report_validity_days.n + excluded.n`;
  const addRow = (r: string) =>
    `insert into report_validity_days (client_id, training_id, dim, dim_id, day, n)
      select ${r}.client_id, ${r}.training_id, d.dim, d.dim_id, ${day(`${r}.valid_until`)}, 1 from ${dims(r)}
      where ${counted(r)} ${upsert}`;
  const removeRow = (r: string) =>
    `update report_validity_days set n = n - 1 where client_id = ${r}.client_id and training_id = ${r}.training_id
      and day = ${day(`${r}.valid_until`)} and ${counted(r)}
      and (dim, dim_id) in (select d.dim, d.dim_id from ${dims(r)})`;
  const userRows = (clientId: string, userId: string) =>
    `from training_participants p where p.client_id = ${clientId} and p.user_id = ${userId} and ${counted('p')}`;
  const addUser = (clientId: string, userId: string, dim: string, dimId: string) =>
    `insert into report_validity_days (client_id, training_id, dim, dim_id, day, n)
      select p.client_id, p.training_id, ${dim}, ${dimId}, ${day('p.valid_until')}, count(*)
      ${userRows(clientId, userId)}
      group by p.client_id, p.training_id, ${day('p.valid_until')} ${upsert}`;
  const removeUser = (clientId: string, userId: string, dim: string, dimId: string) =>
    `update report_validity_days set n = n - (select count(*) ${userRows(clientId, userId)}
        and p.training_id = report_validity_days.training_id and ${day('p.valid_until')} = report_validity_days.day)
      where client_id = ${clientId} and dim = ${dim} and dim_id = ${dimId}
        and training_id in (select p.training_id ${userRows(clientId, userId)})`;
  const tpChanged = `old.is_assigned is distinct from new.is_assigned or old.status is distinct from new.status
    or old.valid_until is distinct from new.valid_until`;

  if (dialect === 'sqlite') {
    const trigger = async (name: string, when: string, body: string[]) =>
      sql.raw(`create trigger ${name} ${when} begin ${body.map((s) => `${s};`).join('\n')} end`).execute(db);
    const changed = tpChanged.replace(/is distinct from/g, 'is not');
    await trigger('report_validity_tp_insert', 'after insert on training_participants', [addRow('new')]);
    await trigger('report_validity_tp_delete', 'after delete on training_participants', [removeRow('old')]);
    await trigger(
      'report_validity_tp_update',
      `after update of is_assigned, status, valid_until on training_participants when ${changed}`,
      [removeRow('old'), addRow('new')],
    );
    await trigger('report_validity_member_insert', 'after insert on group_members', [
      addUser('new.client_id', 'new.user_id', `'group'`, 'new.group_id'),
    ]);
    await trigger('report_validity_member_delete', 'after delete on group_members', [
      removeUser('old.client_id', 'old.user_id', `'group'`, 'old.group_id'),
    ]);
    await trigger(
      'report_validity_user_company',
      'after update of company_id on users when old.company_id is not new.company_id',
      [
        removeUser('old.client_id', 'old.id', `'company'`, `coalesce(old.company_id, '')`),
        addUser('new.client_id', 'new.id', `'company'`, `coalesce(new.company_id, '')`),
      ],
    );
  } else {
    const fn = async (name: string, body: string) =>
      sql.raw(`create function ${name}() returns trigger language plpgsql as $fn$ begin ${body} end $fn$`).execute(db);
    await fn(
      'report_validity_tp',
      `if tg_op = 'UPDATE' and not (${tpChanged}) then return null; end if;
       if tg_op in ('UPDATE', 'DELETE') then ${removeRow('old')}; end if;
       if tg_op in ('UPDATE', 'INSERT') then ${addRow('new')}; end if;
       return null;`,
    );
    await fn(
      'report_validity_member',
      `if tg_op = 'DELETE' then ${removeUser('old.client_id', 'old.user_id', `'group'`, 'old.group_id')};
       else ${addUser('new.client_id', 'new.user_id', `'group'`, 'new.group_id')}; end if;
       return null;`,
    );
    await fn(
      'report_validity_user_company',
      `${removeUser('old.client_id', 'old.id', `'company'`, `coalesce(old.company_id, '')`)};
       ${addUser('new.client_id', 'new.id', `'company'`, `coalesce(new.company_id, '')`)};
       return null;`,
    );
    const trigger = (text: string) => sql.raw(text).execute(db);
    await trigger(`create trigger report_validity_tp after insert or delete or update of is_assigned, status,
      valid_until on training_participants for each row execute function report_validity_tp()`);
    await trigger(`create trigger report_validity_member after insert or delete on group_members
      for each row execute function report_validity_member()`);
    await trigger(`create trigger report_validity_user_company after update of company_id on users for each row
      when (old.company_id is distinct from new.company_id) execute function report_validity_user_company()`);
  }

  // The rows as they stand: each counted participation once per company and once per group of its user.
  for (const [dim, dimId, join] of [
    [`'company'`, `coalesce(u.company_id, '')`, 'join users u on u.id = p.user_id'],
    [`'group'`, 'gm.group_id', 'join group_members gm on gm.user_id = p.user_id'],
  ] as const)
    await sql
      .raw(
        `insert into report_validity_days (client_id, training_id, dim, dim_id, day, n)
        select p.client_id, p.training_id, ${dim}, ${dimId}, ${day('p.valid_until')}, count(*)
        from training_participants p ${join} where ${counted('p')}
        group by p.client_id, p.training_id, ${dimId}, ${day('p.valid_until')}`,
      )
      .execute(db);
}
