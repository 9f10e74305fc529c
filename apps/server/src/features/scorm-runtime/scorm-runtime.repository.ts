import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTrx, Dialect, ScormAttemptsTable, ScormScoDataTable } from '../../db/database';
import type { SyncSqlite } from '../../db/sqlite-write-batch';

export type AttemptRow = Selectable<ScormAttemptsTable>;
export type ScoDataRow = Selectable<ScormScoDataTable>;

export const findAttempt = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('scorm_attempts').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export const findTrainingAttempt = (
  db: DbOrTrx,
  clientId: string,
  ids: { userId: string; trainingId: string; moduleId: string },
) =>
  db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('kind', '=', 'training')
    .where('training_id', '=', ids.trainingId)
    .where('module_id', '=', ids.moduleId)
    .where('user_id', '=', ids.userId)
    .executeTakeFirst();

/** The content master's newest preview attempt of a module (UUIDv7 ids sort by creation). */
export const findLatestPreviewAttempt = (db: DbOrTrx, clientId: string, userId: string, moduleId: string) =>
  db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .where('kind', '=', 'preview')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function insertAttempt(db: DbOrTrx, row: Insertable<ScormAttemptsTable>): Promise<void> {
  await db.insertInto('scorm_attempts').values(row).execute();
}

export async function updateAttempt(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<ScormAttemptsTable>,
): Promise<void> {
  await db.updateTable('scorm_attempts').set(fields).where('client_id', '=', clientId).where('id', '=', id).execute();
}

/** The item columns a commit needs of the attempt's SCO data: its own row and its siblings' statuses. */
export type CommitItemRow = Pick<
  ScoDataRow,
  | 'item_id'
  | 'status'
  | 'success_status'
  | 'total_time_cs'
  | 'time_base_cs'
  | 'time_instance'
  | 'commit_session'
  | 'commit_seq'
  | 'score_pct'
  | 'score_raw'
>;

/** The item columns of readAttemptForCommit's joined rows (null where the attempt has no item yet). */
interface CommitJoin {
  version: string | null;
  d_item_id: string | null;
  d_status: string | null;
  d_success_status: string | null;
  d_total_time_cs: number | string | null;
  d_time_base_cs: number | string | null;
  d_time_instance: string | null;
  d_commit_session: string | null;
  d_commit_seq: number | null;
  d_score_pct: number | null;
  d_score_raw: number | null;
}

/** What a commit writes to its attempt. */
export type CommitAttemptFields = Pick<
  AttemptRow,
  | 'status'
  | 'success_status'
  | 'last_item_id'
  | 'completed_at'
  | 'score_pct'
  | 'score_raw'
  | 'total_time_cs'
  | 'updated_at'
>;

/** An attempt as a commit reads it: the row, its items, and on PostgreSQL the row version (xmin) it was read at. */
export interface CommitRead {
  attempt: AttemptRow;
  items: CommitItemRow[];
  version: string | null;
}

/**
 * The locked path's read (runtime-commit.ts): the attempt and its SCO data in one statement. On PostgreSQL the
 * attempt row is locked first, in a statement of its own, which serialises the commits of one attempt: a lock taken
 * in the joined read would wait for another commit and then answer that read's older items. SQLite needs no lock,
 * because its one connection runs one transaction at a time.
 */
export async function readAttemptForCommit(
  db: DbOrTrx,
  dialect: Dialect,
  clientId: string,
  id: string,
): Promise<CommitRead | undefined> {
  if (dialect === 'postgres')
    await db
      .selectFrom('scorm_attempts')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .forUpdate()
      .execute();
  // Written as SQL text, as the batched reads and writes below (building them with the query builder cost a tenth of
  // a commit's CPU, issue 15).
  const { rows } = await sql<CommitReadRow>`
    select a.*, null as version, ${sql.raw(COMMIT_READ_ITEMS)}
    where a.client_id = ${clientId} and a.id = ${id}`.execute(db);
  return toCommitRead(rows);
}

type CommitReadRow = AttemptRow & CommitJoin;

/** The item columns and the join of the commit's read (readAttemptForCommit, readAttemptForCommitSync). */
const COMMIT_READ_ITEMS = `d.item_id as d_item_id, d.status as d_status, d.success_status as d_success_status,
  d.total_time_cs as d_total_time_cs, d.time_base_cs as d_time_base_cs, d.time_instance as d_time_instance,
  d.commit_session as d_commit_session, d.commit_seq as d_commit_seq, d.score_pct as d_score_pct,
  d.score_raw as d_score_raw
  from scorm_attempts a left join scorm_sco_data d on d.attempt_id = a.id`;

/** The attempt and its items out of the joined rows (one row per item, one with null items for none). */
function toCommitRead(rows: CommitReadRow[]): CommitRead | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const {
    d_item_id: _i,
    d_status: _s,
    d_success_status: _ss,
    d_total_time_cs: _t,
    d_time_base_cs: _b,
    d_time_instance: _ti,
    d_commit_session: _cs,
    d_commit_seq: _cq,
    d_score_pct: _sp,
    d_score_raw: _sr,
    version,
    ...attempt
  } = first;
  const items: CommitItemRow[] = [];
  for (const r of rows)
    if (r.d_item_id !== null)
      items.push({
        item_id: r.d_item_id,
        status: r.d_status ?? '',
        success_status: r.d_success_status ?? '',
        total_time_cs: Number(r.d_total_time_cs),
        time_base_cs: Number(r.d_time_base_cs),
        time_instance: r.d_time_instance,
        commit_session: r.d_commit_session ?? '',
        commit_seq: Number(r.d_commit_seq),
        score_pct: r.d_score_pct,
        score_raw: r.d_score_raw,
      });
  // PostgreSQL answers a bigint as text.
  return { attempt: { ...attempt, total_time_cs: Number(attempt.total_time_cs) }, items, version };
}

/** The columns an item's SCO data row is written with, in this order (the upserts below). */
const SCO_DATA_COLUMNS = `attempt_id, item_id, client_id, cmi, status, success_status, exit, total_time_cs,
  time_base_cs, time_instance, commit_session, commit_seq, score_pct, score_raw, created_at, updated_at`;

/** What an upsert of an item's SCO data replaces when the row exists (all but its keys and created_at). */
const SCO_DATA_ON_CONFLICT = `on conflict (attempt_id, item_id, client_id) do update set cmi = excluded.cmi,
  status = excluded.status, success_status = excluded.success_status, exit = excluded.exit,
  total_time_cs = excluded.total_time_cs, time_base_cs = excluded.time_base_cs,
  time_instance = excluded.time_instance, commit_session = excluded.commit_session,
  commit_seq = excluded.commit_seq, score_pct = excluded.score_pct, score_raw = excluded.score_raw,
  updated_at = excluded.updated_at`;

const scoDataValues = (i: Selectable<ScormScoDataTable>) => [
  i.attempt_id,
  i.item_id,
  i.client_id,
  i.cmi,
  i.status,
  i.success_status,
  i.exit,
  i.total_time_cs,
  i.time_base_cs,
  i.time_instance,
  i.commit_session,
  i.commit_seq,
  i.score_pct,
  i.score_raw,
  i.created_at,
  i.updated_at,
];

const SQLITE_COMMIT_READ = `select a.*, null as version, ${COMMIT_READ_ITEMS} where a.client_id = ? and a.id = ?`;
const SQLITE_UPSERT_SCO_DATA = `insert into scorm_sco_data (${SCO_DATA_COLUMNS})
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ${SCO_DATA_ON_CONFLICT}`;
const SQLITE_UPDATE_ATTEMPT = `update scorm_attempts set status = ?, success_status = ?, last_item_id = ?,
  completed_at = ?, score_pct = ?, score_raw = ?, total_time_cs = ?, updated_at = ? where client_id = ? and id = ?`;

/** SQLite, in a write batch (db/sqlite-write-batch.ts): readAttemptForCommit on the held connection. */
export const readAttemptForCommitSync = (s: SyncSqlite, clientId: string, id: string): CommitRead | undefined =>
  toCommitRead(s.all<CommitReadRow>(SQLITE_COMMIT_READ, [clientId, id]));

/** SQLite, in a write batch: writes an item's SCO data and its attempt's fields. */
export function writeCommitSync(s: SyncSqlite, attempt: CommitAttemptFields, item: Selectable<ScormScoDataTable>) {
  s.run(SQLITE_UPSERT_SCO_DATA, scoDataValues(item));
  const a = attempt;
  s.run(SQLITE_UPDATE_ATTEMPT, [
    a.status,
    a.success_status,
    a.last_item_id,
    a.completed_at,
    a.score_pct,
    a.score_raw,
    a.total_time_cs,
    a.updated_at,
    item.client_id,
    item.attempt_id,
  ]);
}

/** Inserts an item's SCO data or replaces it (one statement on both databases). */
export async function upsertScoData(db: DbOrTrx, row: Insertable<ScormScoDataTable>): Promise<void> {
  const { attempt_id: _a, item_id: _i, client_id: _c, created_at: _d, ...changes } = row;
  await db
    .insertInto('scorm_sco_data')
    .values(row)
    .onConflict((oc) => oc.columns(['attempt_id', 'item_id', 'client_id']).doUpdateSet(changes))
    .execute();
}

/**
 * PostgreSQL: the attempts of a batch of commits, each with its items and its row version (xmin), in one statement.
 * Ids are UUIDv7 and unique across clients; the caller still checks each attempt's client.
 */
export async function readAttemptsForCommit(db: DbOrTrx, ids: string[]): Promise<Map<string, CommitRead>> {
  const { rows } = await sql<CommitReadRow>`
    select a.*, a.xmin::text as version, ${sql.raw(COMMIT_READ_ITEMS)}
    where a.id = any(${ids}::text[])`.execute(db);
  const byAttempt = new Map<string, CommitReadRow[]>();
  for (const row of rows) {
    const attemptRows = byAttempt.get(row.id);
    if (attemptRows) attemptRows.push(row);
    else byAttempt.set(row.id, [row]);
  }
  const reads = new Map<string, CommitRead>();
  for (const [id, attemptRows] of byAttempt) reads.set(id, toCommitRead(attemptRows) as CommitRead);
  return reads;
}

/** One commit's write: its attempt's fields and its item's row, on the condition that the attempt is `version`. */
export interface CommitWrite {
  version: string;
  attempt: CommitAttemptFields;
  item: Selectable<ScormScoDataTable>;
}

/**
 * PostgreSQL: writes the SCO data and the attempts of a batch of commits (one per attempt) in one statement, each on
 * the condition that its attempt row is still the version its commit read (xmin; every update of the row moves it).
 * Answers the ids of the attempts written; a commit whose attempt another commit changed meanwhile wrote nothing (its
 * caller then takes the locked path). One round trip for the batch, where the locked path needs five per commit.
 */
export async function writeCommitsIfUnchanged(db: DbOrTrx, writes: CommitWrite[]): Promise<Set<string>> {
  const input = writes.map(({ version, attempt: a, item }) => ({
    ...item,
    version,
    a_status: a.status,
    a_success_status: a.success_status,
    a_last_item_id: a.last_item_id,
    a_completed_at: a.completed_at,
    a_score_pct: a.score_pct,
    a_score_raw: a.score_raw,
    a_total_time_cs: a.total_time_cs,
    a_updated_at: a.updated_at,
  }));
  const { rows } = await sql<{ id: string }>`
    with i as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(version text, a_status text,
        a_success_status text, a_last_item_id text, a_completed_at timestamptz, a_score_pct double precision,
        a_score_raw double precision, a_total_time_cs bigint, a_updated_at timestamptz,
        attempt_id text, item_id text, client_id text, cmi text, status text, success_status text, exit text,
        total_time_cs bigint, time_base_cs bigint, time_instance text, commit_session text, commit_seq integer,
        score_pct double precision, score_raw double precision, created_at timestamptz, updated_at timestamptz)
    ), a as (
      update scorm_attempts s set status = i.a_status, success_status = i.a_success_status,
        last_item_id = i.a_last_item_id, completed_at = i.a_completed_at, score_pct = i.a_score_pct,
        score_raw = i.a_score_raw, total_time_cs = i.a_total_time_cs, updated_at = i.a_updated_at
      from i
      where s.client_id = i.client_id and s.id = i.attempt_id and s.xmin = i.version::xid
      returning s.id
    ), d as (
      insert into scorm_sco_data (${sql.raw(SCO_DATA_COLUMNS)})
      select ${sql.raw(SCO_DATA_COLUMNS.replace(/(\w+)/g, 'i.$1'))}
      from i join a on a.id = i.attempt_id
      ${sql.raw(SCO_DATA_ON_CONFLICT)}
      returning 1
    )
    select id from a`.execute(db);
  return new Set(rows.map((r) => r.id));
}

export const listScoData = (db: DbOrTrx, clientId: string, attemptId: string) =>
  db
    .selectFrom('scorm_sco_data')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('attempt_id', '=', attemptId)
    .execute();

export const findScoData = (db: DbOrTrx, clientId: string, attemptId: string, itemId: string) =>
  db
    .selectFrom('scorm_sco_data')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('attempt_id', '=', attemptId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();

/** The learner's name and locale for cmi.learner_name and the player's language. */
export const findLearner = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'locale'])
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();

/** For the trainings feature: the module status of each user's attempt in one training. */
export const listTrainingAttempts = (db: DbOrTrx, clientId: string, trainingId: string) =>
  db
    .selectFrom('scorm_attempts')
    .select(['user_id', 'module_id', 'status', 'success_status', 'completed_at'])
    .where('client_id', '=', clientId)
    .where('kind', '=', 'training')
    .where('training_id', '=', trainingId)
    .execute();

/** For the trainings feature: one user's attempts of a training's current cycle, with their time. */
export const listUserTrainingAttemptTimes = (db: DbOrTrx, clientId: string, trainingId: string, userId: string) =>
  db
    .selectFrom('scorm_attempts')
    .select(['module_id', 'total_time_cs'])
    .where('client_id', '=', clientId)
    .where('kind', '=', 'training')
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .execute();

/**
 * For the trainings feature: a deleted training's learner attempts go with it (their SCO data cascades), those of
 * closed cycles too.
 */
export async function deleteTrainingAttemptRows(db: DbOrTrx, clientId: string, trainingId: string): Promise<void> {
  await db
    .deleteFrom('scorm_attempts')
    .where('client_id', '=', clientId)
    .where('kind', 'in', ['training', ARCHIVED])
    .where('training_id', '=', trainingId)
    .execute();
}

/**
 * Issue 30 point 1: the kind of a closed cycle's attempts. Their data is kept, but no launch finds them (the next
 * cycle starts a new attempt, without resume) and a token still open on one answers 404 (its kind no longer matches),
 * so a late commit from an old player cannot count in the new cycle.
 */
export const ARCHIVED = 'archived';

export async function archiveAttemptRows(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('scorm_attempts')
    .set({ kind: ARCHIVED })
    .where('client_id', '=', clientId)
    .where('kind', '=', 'training')
    .where('training_id', '=', trainingId)
    .where('user_id', 'in', userIds)
    .execute();
}
