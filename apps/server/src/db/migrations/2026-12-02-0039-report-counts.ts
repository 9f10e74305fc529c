import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 31 point 2, the reports: summary rows kept by the database in the transaction of every change they count.
 *
 * - `report_counts` (client, training, dim, dim_id, status) -> n: the assigned participants of a training by status,
 *   once per company (`dim` 'company', `dim_id` the user's company, '' none: the client's figures, each person
 *   once) and once per group the user is a member of (`dim` 'group').
 * - `report_completion_weeks` (client, training, dim, dim_id, week) -> n: the same participants that stand
 *   COMPLETED, by the Monday (UTC) of their completion's week: the weekly trend of completions and of overdue.
 *
 * Triggers keep them, so every writer (the training services, the SCORM commit's raw batch, the recertification
 * job, group membership, SCIM, the import, a user's company, deletions) moves them in its own transaction: a row of
 * training_participants added, removed or changed in is_assigned, status or completed_at; a membership added or
 * removed; a user's company changed; a user deleted (its participations are removed first, while its company and
 * memberships are still there to say which rows they counted in). Each (participation, membership) pair is counted
 * by whichever of the two comes second and uncounted by whichever goes first, so the order of cascades cannot
 * make the counts drift. A frozen copy: no app code.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of ['report_counts', 'report_completion_weeks'] as const) {
    const key = table === 'report_counts' ? 'status' : 'week';
    await db.schema
      .createTable(table)
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('training_id', 'text', (c) => c.notNull())
      .addColumn('dim', 'text', (c) => c.notNull())
      .addColumn('dim_id', 'text', (c) => c.notNull())
      .addColumn(key, 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['client_id', 'training_id', 'dim', 'dim_id', key])
      .execute();
    // The reports read a client's rows of one dimension (every training, or one) without the training leading.
    await db.schema
      .createIndex(`${table}_dim`)
      .on(table)
      .columns(['client_id', 'dim', 'dim_id', 'training_id', key, 'n'])
      .execute();
  }
  // The attention list's expiring rows and the overview's expiring counts: a range of the client's end dates.
  await db.schema
    .createIndex('training_participants_valid_until')
    .on('training_participants')
    .columns(['client_id', 'valid_until', 'training_id', 'user_id'])
    .execute();

  const week = (col: string) =>
    dialect === 'postgres'
      ? `to_char(date_trunc('week', ${col} at time zone 'UTC'), 'YYYY-MM-DD')`
      : `date(${col}, 'weekday 0', '-6 days')`;
  const dims = (r: string) => `(select 'company' as dim, coalesce((select u.company_id from users u
      where u.id = ${r}.user_id), '') as dim_id
    union all select 'group' as dim, gm.group_id as dim_id from group_members gm where gm.user_id = ${r}.user_id) d`;
  const completed = (r: string) => `${r}.status = 'COMPLETED' and ${r}.completed_at is not null`;
  /** One participation added to, or taken from, the rows of its company and of each of its user's groups. */
  const addRow = (r: string) => [
    `insert into report_counts (client_id, training_id, dim, dim_id, status, n)
      select ${r}.client_id, ${r}.training_id, d.dim, d.dim_id, ${r}.status, 1 from ${dims(r)} where ${r}.is_assigned
      on conflict (client_id, training_id, dim, dim_id, status) do update set n = report_counts.n + excluded.n`,
    `insert into report_completion_weeks (client_id, training_id, dim, dim_id, week, n)
      select ${r}.client_id, ${r}.training_id, d.dim, d.dim_id, ${week(`${r}.completed_at`)}, 1 from ${dims(r)}
      where ${r}.is_assigned and ${completed(r)}
      on conflict (client_id, training_id, dim, dim_id, week) do update set n = report_completion_weeks.n + excluded.n`,
  ];
  const removeRow = (r: string) => [
    `update report_counts set n = n - 1 where client_id = ${r}.client_id and training_id = ${r}.training_id
      and status = ${r}.status and ${r}.is_assigned and (dim, dim_id) in (select d.dim, d.dim_id from ${dims(r)})`,
    `update report_completion_weeks set n = n - 1 where client_id = ${r}.client_id and training_id = ${r}.training_id
      and week = ${week(`${r}.completed_at`)} and ${r}.is_assigned and ${completed(r)}
      and (dim, dim_id) in (select d.dim, d.dim_id from ${dims(r)})`,
  ];
  /** Every assigned participation of one user added to, or taken from, one dimension's row (dim, dimId). */
  const userRows = (clientId: string, userId: string) =>
    `from training_participants p where p.client_id = ${clientId} and p.user_id = ${userId} and p.is_assigned`;
  const addUser = (clientId: string, userId: string, dim: string, dimId: string) => [
    `insert into report_counts (client_id, training_id, dim, dim_id, status, n)
      select p.client_id, p.training_id, ${dim}, ${dimId}, p.status, count(*) ${userRows(clientId, userId)}
      group by p.client_id, p.training_id, p.status
      on conflict (client_id, training_id, dim, dim_id, status) do update set n = report_counts.n + excluded.n`,
    `insert into report_completion_weeks (client_id, training_id, dim, dim_id, week, n)
      select p.client_id, p.training_id, ${dim}, ${dimId}, ${week('p.completed_at')}, count(*)
      ${userRows(clientId, userId)} and ${completed('p')}
      group by p.client_id, p.training_id, ${week('p.completed_at')}
      on conflict (client_id, training_id, dim, dim_id, week) do update set n = report_completion_weeks.n + excluded.n`,
  ];
  const removeUser = (clientId: string, userId: string, dim: string, dimId: string) => [
    `update report_counts set n = n - (select count(*) ${userRows(clientId, userId)}
        and p.training_id = report_counts.training_id and p.status = report_counts.status)
      where client_id = ${clientId} and dim = ${dim} and dim_id = ${dimId}
        and training_id in (select p.training_id ${userRows(clientId, userId)})`,
    `update report_completion_weeks set n = n - (select count(*) ${userRows(clientId, userId)} and ${completed('p')}
        and p.training_id = report_completion_weeks.training_id
        and ${week('p.completed_at')} = report_completion_weeks.week)
      where client_id = ${clientId} and dim = ${dim} and dim_id = ${dimId}
        and training_id in (select p.training_id ${userRows(clientId, userId)})`,
  ];
  const tpChanged = `old.is_assigned is distinct from new.is_assigned or old.status is distinct from new.status
    or old.completed_at is distinct from new.completed_at`;

  if (dialect === 'sqlite') {
    const trigger = async (name: string, when: string, body: string[]) =>
      sql.raw(`create trigger ${name} ${when} begin ${body.map((s) => `${s};`).join('\n')} end`).execute(db);
    const changed = tpChanged.replace(/is distinct from/g, 'is not');
    await trigger('report_counts_tp_insert', 'after insert on training_participants', addRow('new'));
    await trigger('report_counts_tp_delete', 'after delete on training_participants', removeRow('old'));
    await trigger(
      'report_counts_tp_update',
      `after update of is_assigned, status, completed_at on training_participants when ${changed}`,
      [...removeRow('old'), ...addRow('new')],
    );
    await trigger(
      'report_counts_member_insert',
      'after insert on group_members',
      addUser('new.client_id', 'new.user_id', `'group'`, 'new.group_id'),
    );
    await trigger(
      'report_counts_member_delete',
      'after delete on group_members',
      removeUser('old.client_id', 'old.user_id', `'group'`, 'old.group_id'),
    );
    await trigger(
      'report_counts_user_company',
      'after update of company_id on users when old.company_id is not new.company_id',
      [
        ...removeUser('old.client_id', 'old.id', `'company'`, `coalesce(old.company_id, '')`),
        ...addUser('new.client_id', 'new.id', `'company'`, `coalesce(new.company_id, '')`),
      ],
    );
    await trigger('report_counts_user_delete', 'before delete on users', [
      'delete from training_participants where client_id = old.client_id and user_id = old.id',
    ]);
  } else {
    const fn = async (name: string, body: string) =>
      sql.raw(`create function ${name}() returns trigger language plpgsql as $fn$ begin ${body} end $fn$`).execute(db);
    const stmts = (list: string[]) => list.map((s) => `${s};`).join('\n');
    await fn(
      'report_counts_tp',
      `if tg_op = 'UPDATE' and not (${tpChanged}) then return null; end if;
       if tg_op in ('UPDATE', 'DELETE') then ${stmts(removeRow('old'))} end if;
       if tg_op in ('UPDATE', 'INSERT') then ${stmts(addRow('new'))} end if;
       return null;`,
    );
    await fn(
      'report_counts_member',
      `if tg_op = 'DELETE' then ${stmts(removeUser('old.client_id', 'old.user_id', `'group'`, 'old.group_id'))}
       else ${stmts(addUser('new.client_id', 'new.user_id', `'group'`, 'new.group_id'))} end if;
       return null;`,
    );
    await fn(
      'report_counts_user_company',
      `${stmts(removeUser('old.client_id', 'old.id', `'company'`, `coalesce(old.company_id, '')`))}
       ${stmts(addUser('new.client_id', 'new.id', `'company'`, `coalesce(new.company_id, '')`))}
       return null;`,
    );
    await fn(
      'report_counts_user_delete',
      `delete from training_participants where client_id = old.client_id and user_id = old.id; return old;`,
    );
    const trigger = (text: string) => sql.raw(text).execute(db);
    await trigger(`create trigger report_counts_tp after insert or delete or update of is_assigned, status, completed_at
      on training_participants for each row execute function report_counts_tp()`);
    await trigger(`create trigger report_counts_member after insert or delete on group_members
      for each row execute function report_counts_member()`);
    await trigger(`create trigger report_counts_user_company after update of company_id on users for each row
      when (old.company_id is distinct from new.company_id) execute function report_counts_user_company()`);
    await trigger(`create trigger report_counts_user_delete before delete on users
      for each row execute function report_counts_user_delete()`);
  }

  // The rows as they stand: each assigned participation once per company and once per group of its user.
  const backfill = (
    table: string,
    key: string,
    keyExpr: string,
    extra: string,
    dim: string,
    dimId: string,
    join: string,
  ) =>
    sql
      .raw(
        `insert into ${table} (client_id, training_id, dim, dim_id, ${key}, n)
      select p.client_id, p.training_id, ${dim}, ${dimId}, ${keyExpr}, count(*)
      from training_participants p ${join} where p.is_assigned ${extra}
      group by p.client_id, p.training_id, ${dimId}, ${keyExpr}`,
      )
      .execute(db);
  const byCompany: [string, string, string] = [
    `'company'`,
    `coalesce(u.company_id, '')`,
    'join users u on u.id = p.user_id',
  ];
  const byGroup: [string, string, string] = [
    `'group'`,
    'gm.group_id',
    'join group_members gm on gm.user_id = p.user_id',
  ];
  for (const dim of [byCompany, byGroup]) {
    await backfill('report_counts', 'status', 'p.status', '', ...dim);
    await backfill('report_completion_weeks', 'week', week('p.completed_at'), `and ${completed('p')}`, ...dim);
  }
}
