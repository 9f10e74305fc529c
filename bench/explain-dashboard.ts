/**
 * `npx tsx bench/explain-dashboard.ts [--db sqlite|postgres] [--users N]`: seeds the bench client at that scale (every
 * learner in 20 trainings, as the learner-dashboard scenario does), reads one learner's dashboard the uncached way
 * (inside a transaction, which no short cache serves) and prints each query it made with its plan (EXPLAIN QUERY PLAN
 * on SQLite, EXPLAIN ANALYZE on PostgreSQL) and the median time of the whole read over 200 learners (issue 33).
 */
import { parseArgs } from 'node:util';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { AppDeps } from '../apps/server/src/platform/deps';
import type { Actor } from '../apps/server/src/platform/session';
import { listMyTrainings } from '../apps/server/src/features/trainings/learner.service';
import { createTestDb } from '../apps/server/test/test-db';
import { printPlans, queryRecorder, timeReads } from './explain-queries';
import { scenarios } from './scenarios/trainings';
import { seedBenchClient } from './seed';

const { values: args } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, users: { type: 'string', default: '20000' } },
});

async function main(): Promise<void> {
  const dialect = args.db === 'postgres' ? 'postgres' : 'sqlite';
  if (dialect === 'postgres') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const scale = { users: Number(args.users), groups: 100, courses: 20, trainings: 50 };
  const t = await createTestDb(dialect);
  try {
    const clientId = await seedBenchClient(t.db, 'bench.localhost', scale, 'Bench-Passw0rd!');
    await scenarios.find((s) => s.name === 'learner-dashboard')!.seed!(t.db, clientId, scale);
    const learners = await t.db
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', clientId)
      .where('role', '=', 'PARTICIPANT')
      .orderBy('email')
      .limit(200)
      .execute();
    const actorOf = (userId: string): Actor => ({
      userId,
      clientId,
      role: 'PARTICIPANT',
      locale: 'de-DE',
      loginType: LOGIN_TYPES.EMAIL,
      sessionId: 'bench',
      isPasswordChangeRequired: false,
    });
    const { plugin: recorder, seen } = queryRecorder(t.db);
    const one = learners[Math.floor(learners.length / 2)]!.id;
    const list = await t.db
      .transaction()
      .execute((trx) => listMyTrainings({ db: trx.withPlugin(recorder) } as unknown as AppDeps, actorOf(one)));
    console.log(`${dialect}, ${scale.users} users: ${list.items.length} trainings, ${seen.length} queries`);
    await printPlans(t.db, dialect, seen, { clientId, userId: one });
    const { median, p90 } = await timeReads(learners, (l) =>
      t.db.transaction().execute((trx) => listMyTrainings({ db: trx } as unknown as AppDeps, actorOf(l.id))),
    );
    console.log(
      `\nuncached read, ${learners.length} learners: median ${median.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms`,
    );
  } finally {
    await t.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
