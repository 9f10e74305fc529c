/**
 * `npx tsx bench/explain-reports.ts [--db sqlite|postgres] [--users N]`: seeds the bench client as the reports
 * scenarios do (every user in 20 trainings, groups, companies), reads the compliance overview and the attention
 * list's first page the uncached way (inside a transaction) as an admin and as a coordinator, prints each query
 * with its plan (EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL) and the median time of each read
 * (issue 31 point 2).
 */
import { parseArgs } from 'node:util';
import { LOGIN_TYPES, type TRole } from '@lms/contracts/roles';
import type { AppDeps } from '../apps/server/src/platform/deps';
import type { Actor } from '../apps/server/src/platform/session';
import { getAttention } from '../apps/server/src/features/reports/attention.service';
import { getCompliance } from '../apps/server/src/features/reports/compliance.service';
import { createTestDb } from '../apps/server/test/test-db';
import { scenarios } from './scenarios/reports';
import { printPlans, queryRecorder, timeReads } from './explain-queries';
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
    await scenarios.find((s) => s.name === 'reports-compliance')!.seed!(t.db, clientId, scale);
    const staff = async (role: TRole) =>
      (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('client_id', '=', clientId)
          .where('role', '=', role)
          .where('is_active', '=', true)
          .orderBy('email')
          .executeTakeFirstOrThrow()
      ).id;
    const actorOf = (userId: string, role: TRole): Actor => ({
      userId,
      clientId,
      role,
      locale: 'de-DE',
      loginType: LOGIN_TYPES.EMAIL,
      sessionId: 'bench',
      isPasswordChangeRequired: false,
    });
    const reads: [string, (deps: AppDeps, a: Actor) => Promise<unknown>][] = [
      ['compliance', (deps: AppDeps, a: Actor) => getCompliance(deps, a, {})],
      [
        'attention',
        (deps: AppDeps, a: Actor) => getAttention(deps, a, { state: 'overdue', sort: 'urgent', page: 1, pageSize: 50 }),
      ],
    ] as const;
    for (const role of ['ADMIN', 'COORDINATOR'] as const) {
      const actor = actorOf(await staff(role), role);
      for (const [name, read] of reads) {
        const recorder = queryRecorder(t.db);
        await t.db
          .transaction()
          .execute((trx) => read({ db: trx.withPlugin(recorder.plugin), dialect } as unknown as AppDeps, actor));
        console.log(`\n=== ${dialect}, ${scale.users} users, ${role} ${name}: ${recorder.seen.length} queries`);
        await printPlans(t.db, dialect, recorder.seen);
        const runs = Array.from({ length: 30 }, (_, i) => i);
        const ms = await timeReads(runs, () =>
          t.db.transaction().execute((trx) => read({ db: trx, dialect } as unknown as AppDeps, actor)),
        );
        console.log(`\n${role} ${name} uncached: median ${ms.median.toFixed(1)} ms, p90 ${ms.p90.toFixed(1)} ms`);
      }
    }
  } finally {
    await t.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
