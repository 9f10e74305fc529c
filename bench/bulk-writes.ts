/**
 * `npx tsx bench/bulk-writes.ts --db sqlite|postgres [--users N]`: what the summary triggers (reports, migrations
 * 0039 and 0042; the learner dashboard's stamps, 0043) cost a bulk write, each in one transaction as the services
 * make them: a training assigned to N learners (participations in statements of 500), N members added to a group,
 * every participation's status changed in one statement, and the training removed. Prints milliseconds per step.
 * Issue 33: on PostgreSQL, row triggers that each update the same few summary rows made a transaction of N rows
 * cost O(N^2) (every update of a row leaves a version that later updates of the same transaction step over).
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createClient, insertParticipants } from '../apps/server/test/factories';
import { createTestDb } from '../apps/server/test/test-db';
import { insertDemoCourse } from '../apps/server/src/features/demo/demo-course';
import { newId, nowIso } from '../apps/server/src/platform/ids';
import { insertChunked } from './seed';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, users: { type: 'string', default: '20000' } },
});
const dialect = values.db === 'postgres' ? 'postgres' : 'sqlite';
const users = Number(values.users);
const testDb = await createTestDb(dialect);
const { db } = testDb;
try {
  const client = await createClient(db);
  const ids = await insertParticipants(db, client.id, users, (i) => ({
    first_name: `V${i}`,
    last_name: `N${i}`,
    email: `bulk-${i}@bench.example`,
  }));
  const now = nowIso();
  const groupIds = [newId(), newId()];
  await db
    .insertInto('groups')
    .values(
      groupIds.map((id, i) => ({
        id,
        client_id: client.id,
        name: `G${i}`,
        name_normalized: `g${i}`,
        is_externally_managed: false,
        external_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  /** Every learner as a member of the group (insertChunked: one transaction, 500 rows a statement). */
  const members = (groupId: string) =>
    ids.map((user_id) => ({ group_id: groupId, user_id, client_id: client.id, created_at: now }));
  await insertChunked(db, 'group_members', members(groupIds[0]!));
  const courseId = newId();
  await insertDemoCourse(
    db,
    {
      id: courseId,
      clientId: client.id,
      durationMinutes: 30,
      isPremium: false,
      deadline: '2027-06-30',
      texts: { 'de-DE': { title: 'Kurs', description: '' } },
    },
    now,
  );
  const trainingId = newId();
  await db
    .insertInto('trainings')
    .values({
      id: trainingId,
      client_id: client.id,
      course_id: courseId,
      start_date: null,
      deadline: '2027-06-30',
      has_own_validity: false,
      validity_months: null,
      renewal_days: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();

  const timed = async (what: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    console.log(`${what}: ${Math.round(performance.now() - t0)} ms`);
  };
  await timed(`assign a training to ${users} learners (one transaction, 500 rows a statement)`, () =>
    insertChunked(
      db,
      'training_participants',
      ids.map((user_id) => ({
        training_id: trainingId,
        user_id,
        client_id: client.id,
        is_direct: false,
        is_assigned: true,
        is_optional: false,
        status: 'PENDING',
        cycle: 1,
        valid_until: null,
        renewal_opens_at: null,
        completed_modules: 0,
        is_invitation_due: false,
        invited_at: now,
        started_at: null,
        completed_at: null,
        last_reminder_at: null,
        created_at: now,
        updated_at: now,
      })),
    ),
  );
  await timed(`add ${users} members to a second group (one transaction, 500 rows a statement)`, () =>
    insertChunked(db, 'group_members', members(groupIds[1]!)),
  );
  await timed(`complete all ${users} participations (one statement)`, () =>
    db
      .updateTable('training_participants')
      .set({ status: 'COMPLETED', completed_at: now, valid_until: '2027-12-01T00:00:00.000Z' })
      .where('training_id', '=', trainingId)
      .execute(),
  );
  await timed(`mark all ${users} reminded (a column no summary shows, one statement)`, () =>
    db.transaction().execute(async (trx) => {
      // EXPLAIN=1: PostgreSQL's auto_explain logs each statement of the triggers that takes over 20 ms.
      if (process.env.EXPLAIN) {
        await sql`load 'auto_explain'`.execute(trx);
        await sql`set local auto_explain.log_min_duration = 20`.execute(trx);
        await sql`set local auto_explain.log_nested_statements = on`.execute(trx);
        await sql`set local auto_explain.log_analyze = on`.execute(trx);
      }
      await trx
        .updateTable('training_participants')
        .set({ last_reminder_at: now })
        .where('training_id', '=', trainingId)
        .execute();
    }),
  );
  const counts = await sql<{ n: number }>`select coalesce(sum(n), 0) as n from report_counts
    where training_id = ${trainingId} and dim = 'company'`.execute(db);
  console.log(`report_counts for the company dimension: ${Number(counts.rows[0]!.n)} (expected ${users})`);
  await timed(`remove the training's ${users} participations (one statement)`, () =>
    db.deleteFrom('training_participants').where('training_id', '=', trainingId).execute(),
  );
} finally {
  await testDb.drop();
}
