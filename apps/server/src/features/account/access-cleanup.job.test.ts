import { expect, it } from 'vitest';
import { createClient, createUser } from '../../../test/factories';
import { TestClock } from '../../../test/mail-test-kit';
import { describeEachDialect } from '../../../test/test-app';
import { newId } from '../../platform/ids';
import { runDueJobs } from '../../platform/jobs';
import { runDueSchedules } from '../../platform/scheduler';
import { accessCleanupSchedule, createAccessCleanupHandler } from './access-cleanup.job';
import { PASSWORD_RESET_JOB } from './password-reset.service';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describeEachDialect('daily clean-up of expired sessions and link tokens', (ctx) => {
  it('deletes exactly the sessions past their limits and the links used or expired over 7 days ago', async () => {
    const { deps } = ctx();
    const { db } = deps;
    const clients = [await createClient(db), await createClient(db)];
    const users = await Promise.all(clients.map((c) => createUser(db, c)));
    const clock = new TestClock(new Date('2031-03-10T03:00:00.000Z'));
    const n = Date.parse('2031-03-10T03:20:00.000Z');
    const ago = (ms: number) => new Date(n - ms).toISOString();

    let i = 0;
    const session = async (name: string, createdAgo: number, seenAgo: number) => {
      const user = users[i++ % 2]!;
      const id = newId();
      await db
        .insertInto('sessions')
        .values({
          id,
          token_hash: `hash-${id}`,
          user_id: user.id,
          client_id: user.clientId,
          created_at: ago(createdAgo),
          last_seen_at: ago(seenAgo),
          ip: null,
          user_agent: name,
        })
        .execute();
      return name;
    };
    const kept = [
      await session('fresh', DAY, HOUR),
      await session('idle a minute short of 30 days', 40 * DAY, 30 * DAY - 60_000),
      await session('a day short of 365 days', 364 * DAY, HOUR),
    ];
    await session('idle over 30 days', 40 * DAY, 30 * DAY + 60_000);
    await session('older than 365 days', 366 * DAY, HOUR);
    // More than one batch of expired sessions.
    const many = Array.from({ length: 2_345 }, () => {
      const id = newId();
      const user = users[0]!;
      return {
        id,
        token_hash: `hash-${id}`,
        user_id: user.id,
        client_id: user.clientId,
        created_at: ago(90 * DAY),
        last_seen_at: ago(60 * DAY),
        ip: null,
        user_agent: 'bulk',
      };
    });
    for (let k = 0; k < many.length; k += 400)
      await db
        .insertInto('sessions')
        .values(many.slice(k, k + 400))
        .execute();

    const token = async (name: string, createdAgo: number, usedAgo: number | null) => {
      const user = users[i++ % 2]!;
      await db
        .insertInto('user_tokens')
        .values({
          id: newId(),
          client_id: user.clientId,
          user_id: user.id,
          purpose: name,
          token_hash: `hash-${newId()}`,
          created_at: ago(createdAgo),
          expires_at: ago(createdAgo - DAY),
          used_at: usedAgo === null ? null : ago(usedAgo),
        })
        .execute();
      return name;
    };
    const keptTokens = [
      await token('open', HOUR, null),
      await token('expired 6 days ago', 7 * DAY, null),
      await token('used 2 days ago', 2 * DAY + HOUR, 2 * DAY),
    ];
    await token('expired 8 days ago', 9 * DAY, null);
    await token('used 7 days and an hour ago', 7 * DAY + 2 * HOUR, 7 * DAY + HOUR);

    // The schedule enqueues the job at 03:15; a worker runs it.
    const handler = createAccessCleanupHandler();
    await runDueSchedules(deps, [accessCleanupSchedule], { now: clock.now });
    clock.set(new Date(n));
    const [fired] = await runDueSchedules(deps, [accessCleanupSchedule], { now: clock.now });
    expect(fired?.dueAt).toBe('2031-03-10T03:15:00.000Z');
    expect(await runDueJobs(deps, [handler], { now: clock.now })).toBe(1);

    const job = await db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', fired?.jobId ?? '')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'succeeded', client_id: null });
    expect(JSON.parse(job.result ?? 'null')).toEqual({
      sessions: 2 + 2_345,
      linkTokens: 2,
      entraNonces: 0,
      forgotUsernameRequests: 0,
      resetJobs: 0,
    });
    const sessions = await db.selectFrom('sessions').select('user_agent').execute();
    expect(sessions.map((s) => s.user_agent).sort()).toEqual([...kept].sort());
    const tokens = await db.selectFrom('user_tokens').select('purpose').execute();
    expect(tokens.map((t) => t.purpose).sort()).toEqual([...keptTokens].sort());

    // A day later the next run takes the session that has passed its idle limit meanwhile, and nothing else.
    clock.set(new Date(n + DAY));
    const [next] = await runDueSchedules(deps, [accessCleanupSchedule], { now: clock.now });
    expect(await runDueJobs(deps, [handler], { now: clock.now })).toBe(1);
    const nextJob = await db
      .selectFrom('jobs')
      .select('result')
      .where('id', '=', next?.jobId ?? '')
      .executeTakeFirst();
    expect(JSON.parse(nextJob?.result ?? 'null')).toEqual({
      sessions: 1,
      linkTokens: 0,
      entraNonces: 0,
      forgotUsernameRequests: 0,
      resetJobs: 0,
    });
    const left = await db.selectFrom('sessions').select('user_agent').execute();
    expect(left.map((s) => s.user_agent).sort()).toEqual(['a day short of 365 days', 'fresh']);
  });
  it('deletes Entra nonces used or expired, forgot-username requests past their 24 hours and reset jobs finished over a week ago (issue 28 point 7)', async () => {
    const { deps } = ctx();
    const { db } = deps;
    const client = await createClient(db);
    const clock = new TestClock(new Date('2031-04-10T03:00:00.000Z'));
    const n = Date.parse('2031-04-10T03:20:00.000Z');
    const at = (ms: number) => new Date(n + ms).toISOString();
    const nonce = (name: string, expiresIn: number, usedAgo: number | null) =>
      db
        .insertInto('entra_nonces')
        .values({
          nonce_hash: name,
          client_id: client.id,
          expires_at: at(expiresIn),
          used_at: usedAgo === null ? null : at(-usedAgo),
        })
        .execute();
    await nonce('open', 5 * 60_000, null);
    await nonce('expired', -60_000, null);
    await nonce('used', 5 * 60_000, 60_000);
    const request = (name: string, createdAgo: number) =>
      db
        .insertInto('forgot_username_requests')
        .values({
          id: newId(),
          client_id: client.id,
          name_normalized: name,
          email_normalized: `${name}@x.test`,
          created_at: at(-createdAgo),
        })
        .execute();
    await request('an hour short of a day', DAY - HOUR);
    await request('a day and an hour', DAY + HOUR);
    const resetJob = async (status: string, finishedAgo: number | null) => {
      const id = newId();
      await db
        .insertInto('jobs')
        .values({
          id,
          client_id: client.id,
          kind: PASSWORD_RESET_JOB,
          status,
          payload: '{}',
          attempts: 1,
          max_attempts: 3,
          run_at: at(-8 * DAY),
          progress_total: 0,
          progress_done: 0,
          progress_succeeded: 0,
          progress_failed: 0,
          created_at: at(-8 * DAY),
          finished_at: finishedAgo === null ? null : at(-finishedAgo),
          updated_at: at(-8 * DAY),
        })
        .execute();
      return id;
    };
    const keptJobs = [await resetJob('succeeded', 6 * DAY), await resetJob('queued', null)];
    await resetJob('succeeded', 8 * DAY);
    await resetJob('failed', 8 * DAY);

    const handler = createAccessCleanupHandler();
    await runDueSchedules(deps, [accessCleanupSchedule], { now: clock.now });
    clock.set(new Date(n));
    // The earlier test's schedule runs on this database too: every due run, then the rows left.
    await runDueSchedules(deps, [accessCleanupSchedule], { now: clock.now });
    while ((await runDueJobs(deps, [handler], { now: clock.now })) > 0);
    expect(await db.selectFrom('entra_nonces').select('nonce_hash').execute()).toEqual([{ nonce_hash: 'open' }]);
    const requests = await db.selectFrom('forgot_username_requests').select('name_normalized').execute();
    expect(requests).toEqual([{ name_normalized: 'an hour short of a day' }]);
    const jobs = await db.selectFrom('jobs').select('id').where('kind', '=', PASSWORD_RESET_JOB).execute();
    expect(jobs.map((j) => j.id).sort()).toEqual([...keptJobs].sort());
  });
});
