import { PostgresAdapter, sql } from 'kysely';
import { refreshPlannerStatistics } from '../../apps/server/src/db/planner-statistics';
import type { Db } from '../../apps/server/src/db/database';
import { insertDemoCourse } from '../../apps/server/src/features/demo/demo-course';
import { newId, nowIso } from '../../apps/server/src/platform/ids';
import { insertChunked } from '../seed';
import type { BenchContext, BenchRawRequest, BenchRequest, BenchScale, BenchScenario } from '../types';
import { scenarios as trainingScenarios } from './trainings';

// Issue 31 point 2: the reports at scale. On top of the trainings scenarios' rows (every user in 5 of 20 trainings,
// 500,000 status rows at 100,000 users) every user takes part in REPORT_TRAININGS more, so 2,000,000 status rows at
// 100,000 users, in groups (--groups, each user in one), of companies (COMPANIES, every 21st user in none), with
// deadlines past and to come, completions over the last 16 weeks, validities ending over the next 400 days and
// expired ones. The rows are inserted as the app inserts them, so the database's triggers keep the summary rows.
// Several admins and coordinators ask in turn (a coordinator of one or two groups).

const REPORT_TRAININGS = 15;
const COMPANIES = 20;
const ADMINS = 5;
const COORDINATORS = 10;
const DAY = 86_400_000;

let seeded: { admins: string[]; coordinators: string[] } | null = null;

async function seedReports(db: Db, clientId: string, scale: BenchScale): Promise<void> {
  if (seeded) return;
  await trainingScenarios.find((s) => s.name === 'learner-dashboard')!.seed!(db, clientId, scale);
  // The rows just loaded are planned as if the tables were empty until the statistics are taken (the company
  // updates below ran the report counts' trigger over every participation of the client, about 150 ms each).
  await refreshPlannerStatistics(db, db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
  const started = Date.now();
  const now = nowIso();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'is_active'])
    .where('client_id', '=', clientId)
    .orderBy('email')
    .execute();
  const ids = users.map((u) => u.id);
  const companies = Array.from({ length: COMPANIES }, (_, i) => ({
    id: newId(),
    client_id: clientId,
    name: `Firma ${i + 1}`,
    name_normalized: `firma ${i + 1}`,
    created_at: now,
  }));
  await insertChunked(db, 'companies', companies);
  for (let c = 0; c < COMPANIES; c++) {
    const of = ids.filter((_, i) => i % 21 !== 0 && i % COMPANIES === c);
    for (let i = 0; i < of.length; i += 500)
      await db
        .updateTable('users')
        .set({ company_id: companies[c]!.id })
        .where('id', 'in', of.slice(i, i + 500))
        .execute();
  }
  const groups = Array.from({ length: scale.groups }, (_, i) => ({
    id: newId(),
    client_id: clientId,
    name: `Bench-Gruppe ${String(i + 1).padStart(4, '0')}`,
    name_normalized: `bench-gruppe ${String(i + 1).padStart(4, '0')}`,
    is_externally_managed: false,
    external_id: null,
    created_at: now,
    updated_at: now,
  }));
  await insertChunked(db, 'groups', groups);
  // Staff: active users of the first thousand (by e-mail) become the admins and coordinators who ask.
  const active = users
    .slice(0, 1000)
    .filter((u) => u.is_active)
    .map((u) => u.id);
  const admins = active.slice(0, ADMINS);
  const coordinators = active.slice(ADMINS, ADMINS + COORDINATORS);
  await db.updateTable('users').set({ role: 'ADMIN' }).where('id', 'in', admins).execute();
  await db.updateTable('users').set({ role: 'COORDINATOR' }).where('id', 'in', coordinators).execute();
  await insertChunked(
    db,
    'group_coordinators',
    coordinators.flatMap((userId, i) =>
      (i % 2 === 0 ? [i, i + 1] : [i]).map((g) => ({
        group_id: groups[g % groups.length]!.id,
        user_id: userId,
        client_id: clientId,
        created_at: now,
      })),
    ),
  );
  const at = (days: number) => new Date(Date.parse(now) + days * DAY).toISOString();
  for (let n = 1; n <= REPORT_TRAININGS; n++) {
    const courseId = newId();
    const title = `Pflicht-Kurs ${String(n).padStart(2, '0')}`;
    // Trainings 1-7 are past their deadline (overdue rows), the others run until next year.
    const deadline = at(n <= 7 ? -7 * n : 60 + n).slice(0, 10);
    await insertDemoCourse(
      db,
      {
        id: courseId,
        clientId,
        durationMinutes: 30,
        isPremium: false,
        deadline,
        texts: { 'de-DE': { title, description: '' }, 'en-US': { title, description: '' } },
      },
      now,
    );
    const trainingId = newId();
    await insertChunked(db, 'trainings', [
      {
        id: trainingId,
        client_id: clientId,
        course_id: courseId,
        start_date: null,
        deadline,
        has_own_validity: false,
        validity_months: null,
        renewal_days: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      },
    ]);
    await insertChunked(
      db,
      'training_groups',
      groups.map((g) => ({ training_id: trainingId, group_id: g.id, client_id: clientId, created_at: now })),
    );
    const rows = ids.map((userId, i) => {
      const k = (i * 7 + n * 3) % 20;
      const status = k < 8 ? 'COMPLETED' : k < 10 ? 'EXPIRED' : k < 15 ? 'PENDING' : k < 19 ? 'STARTED' : 'OPTIONAL';
      const completedAt = status === 'COMPLETED' ? at(-((i + n) % 112)) : null;
      const validUntil =
        status === 'COMPLETED' ? at(1 + ((i * 13 + n) % 400)) : status === 'EXPIRED' ? at(-1 - (i % 90)) : null;
      return {
        training_id: trainingId,
        user_id: userId,
        client_id: clientId,
        is_direct: false,
        is_assigned: true,
        is_optional: status === 'OPTIONAL',
        status,
        cycle: status === 'EXPIRED' ? 2 : 1,
        valid_until: validUntil,
        renewal_opens_at: validUntil,
        completed_modules: status === 'COMPLETED' ? 1 : 0,
        is_invitation_due: false,
        invited_at: now,
        started_at: status === 'PENDING' ? null : now,
        completed_at: completedAt,
        last_reminder_at: null,
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 20_000)
      await insertChunked(db, 'training_participants', rows.slice(i, i + 20_000));
  }
  // Memberships last: each one adds its user's rows to its group's summary in one grouped statement.
  const members = ids.map((userId, i) => ({
    group_id: groups[i % groups.length]!.id,
    user_id: userId,
    client_id: clientId,
    created_at: now,
  }));
  for (let i = 0; i < members.length; i += 10_000)
    await insertChunked(db, 'group_members', members.slice(i, i + 10_000));
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`vacuum analyze training_participants, report_counts, report_completion_weeks, group_members, users`.execute(
      db,
    );
  const count = await db
    .selectFrom('training_participants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `reports seed: ${Number(count.n)} status rows, ${scale.groups} groups, ${COMPANIES} companies in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  seeded = { admins, coordinators };
}

/** Who asks: the client's admins (the client's figures) or coordinators of one or two groups (their groups'). */
type Readers = 'admins' | 'coordinators';

/** Signs in every reader of the kind; each request asks as the next of them. */
async function asEachReader(ctx: BenchContext, path: string, readers: Readers): Promise<BenchRequest> {
  const emails = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', 'in', (readers === 'admins' ? seeded?.admins : seeded?.coordinators) ?? [])
    .execute();
  const tokens: string[] = [];
  for (const e of emails) tokens.push(await ctx.signIn(e.email ?? ''));
  let turn = 0;
  const bearer = (n: number) => `Bearer ${tokens[n % tokens.length]!}`;
  return {
    path,
    headers: { host: ctx.host, authorization: bearer(0) },
    setupRequest: (req: BenchRawRequest) => ({ ...req, headers: { ...req.headers, authorization: bearer(++turn) } }),
  };
}

const COMPLIANCE = '/api/reports/compliance';
const ATTENTION = '/api/reports/attention?state=overdue&page=1&pageSize=50';

export const scenarios: BenchScenario[] = [
  // Issue 31: the compliance overview for a client (its admins ask) p50 under 100 ms at 100,000 users, and the
  // overdue list's first page, every training at once, p50 under 50 ms. A coordinator's overview of their groups is
  // counted from their members' rows (a person in two groups counts once), so it is measured on its own.
  { name: 'reports-compliance', seed: seedReports, prepare: (ctx) => asEachReader(ctx, COMPLIANCE, 'admins') },
  { name: 'reports-attention', seed: seedReports, prepare: (ctx) => asEachReader(ctx, ATTENTION, 'admins') },
  {
    name: 'reports-compliance (coordinators)',
    seed: seedReports,
    prepare: (ctx) => asEachReader(ctx, COMPLIANCE, 'coordinators'),
  },
  {
    name: 'reports-attention (coordinators)',
    seed: seedReports,
    prepare: (ctx) => asEachReader(ctx, ATTENTION, 'coordinators'),
  },
];
