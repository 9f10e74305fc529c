import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../test/factories';
import { TestClock } from '../../test/mail-test-kit';
import { describeEachDialect } from '../../test/test-app';
import { runDueJobs, startWorkers, wakeWorkers, type JobHandler } from './jobs';
import { LeaseLostError, PermanentJobError, nextRetryAt } from './jobs-retry';
import { claimJobs, completeJob, enqueueJob, extendLease } from './jobs-store';

it('computes retry times from the policy and gives up after the last one or the maximum age', () => {
  const policy = { delaysMs: [60_000, 300_000], thenEveryMs: 3_600_000, maxAgeMs: 4 * 3_600_000, maxAttempts: 50 };
  const createdAt = '2026-01-01T00:00:00.000Z';
  const now = new Date('2026-01-01T00:00:00.000Z');
  expect(nextRetryAt(policy, { attempts: 1, createdAt }, now)?.toISOString()).toBe('2026-01-01T00:01:00.000Z');
  expect(nextRetryAt(policy, { attempts: 2, createdAt }, now)?.toISOString()).toBe('2026-01-01T00:05:00.000Z');
  expect(nextRetryAt(policy, { attempts: 3, createdAt }, now)?.toISOString()).toBe('2026-01-01T01:00:00.000Z');
  expect(nextRetryAt(policy, { attempts: 9, createdAt }, new Date('2026-01-01T03:30:00.000Z'))).toBeNull();
  expect(nextRetryAt({ delaysMs: [1_000], maxAttempts: 5 }, { attempts: 2, createdAt }, now)).toBeNull();
  expect(nextRetryAt({ delaysMs: [1_000, 1_000], maxAttempts: 1 }, { attempts: 1, createdAt }, now)).toBeNull();
});

describeEachDialect('background jobs', (ctx) => {
  const kind = () => `test.${Math.random().toString(36).slice(2)}`;
  const jobRow = (id: string) =>
    ctx().deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('takes a job again when the lease of the worker that had it ran out, and ignores that worker afterwards', async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db);
    const k = kind();
    const clock = new TestClock();
    const id = await enqueueJob(deps.db, { clientId: client.id, kind: k, payload: { n: 1 } });
    const [taken] = await claimJobs(deps.db, deps.dialect, {
      workerId: 'dead-worker',
      kinds: [k],
      limit: 5,
      now: clock.now(),
      leaseMs: 60_000,
    });
    expect(taken?.id).toBe(id);
    const runs: string[] = [];
    const handler: JobHandler<{ n: number }> = { kind: k, run: (c) => Promise.resolve(runs.push(c.job.id)) };
    clock.advanceMinutes(0.5);
    expect(await runDueJobs(deps, [handler], { now: clock.now })).toBe(0);
    // The first worker renews once, so its lease now ends at 1.5 minutes.
    expect(await extendLease(deps.db, { id, leaseToken: taken?.lease_token ?? '' }, clock.now(), 60_000)).toBe(true);
    clock.advanceMinutes(0.9);
    expect(await runDueJobs(deps, [handler], { now: clock.now })).toBe(0);
    clock.advanceMinutes(0.2);
    expect(await runDueJobs(deps, [handler], { now: clock.now })).toBe(1);
    expect(runs).toEqual([id]);
    expect(await completeJob(deps.db, { id, leaseToken: taken?.lease_token ?? '' }, { late: true }, clock.now())).toBe(
      false,
    );
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 2, result: '1' });
  });

  it('never gives the same job to two workers, and only claims kinds the worker knows', async () => {
    const { deps } = ctx();
    const k = kind();
    const clock = new TestClock();
    for (let i = 0; i < 6; i++) await enqueueJob(deps.db, { clientId: null, kind: k, payload: i });
    const a = await claimJobs(deps.db, deps.dialect, {
      workerId: 'a',
      kinds: [k],
      limit: 4,
      now: clock.now(),
      leaseMs: 60_000,
    });
    const b = await claimJobs(deps.db, deps.dialect, {
      workerId: 'b',
      kinds: [k],
      limit: 4,
      now: clock.now(),
      leaseMs: 60_000,
    });
    const c = await claimJobs(deps.db, deps.dialect, {
      workerId: 'c',
      kinds: ['other.kind'],
      limit: 4,
      now: clock.now(),
      leaseMs: 60_000,
    });
    expect(a).toHaveLength(4);
    expect(b).toHaveLength(2);
    expect(c).toHaveLength(0);
    expect(new Set([...a, ...b].map((j) => j.id)).size).toBe(6);
  });

  it('claims jobs whose lease ran out before due queued ones, queued ones oldest first, never more than the limit', async () => {
    const { deps } = ctx();
    const k = kind();
    const clock = new TestClock();
    const queued: string[] = [];
    for (let i = 0; i < 3; i++) {
      queued.push(await enqueueJob(deps.db, { clientId: null, kind: k, payload: i }, clock.now()));
      clock.advanceMinutes(1);
    }
    const later = await enqueueJob(
      deps.db,
      { clientId: null, kind: k, payload: 'later' },
      new Date(clock.now().getTime() + 3_600_000),
    );
    const claim = (workerId: string, limit: number) =>
      claimJobs(deps.db, deps.dialect, { workerId, kinds: [k], limit, now: clock.now(), leaseMs: 60_000 });
    const [dead] = await claim('dead-worker', 1);
    expect(dead?.id).toBe(queued[0]);
    clock.advanceMinutes(2);
    const taken = await claim('b', 2);
    expect(taken.map((j) => j.id)).toEqual([queued[0], queued[1]]);
    expect(taken[0]).toMatchObject({ locked_by: 'b', attempts: 2 });
    expect((await claim('c', 5)).map((j) => j.id)).toEqual([queued[2]]);
    expect((await jobRow(later)).status).toBe('queued');
  });

  it('records progress and the result, and retries a failure after a minute by the default policy', async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db);
    const k = kind();
    const clock = new TestClock();
    let calls = 0;
    const handler: JobHandler = {
      kind: k,
      async run(c) {
        calls++;
        await c.progress({ total: 3, done: 1, succeeded: 1, failed: 0 });
        if (calls === 1) throw new Error('database of a partner was down');
        await c.progress({ done: 3, succeeded: 2, failed: 1 });
        return { report: 'two of three' };
      },
    };
    const id = await enqueueJob(deps.db, { clientId: client.id, kind: k, payload: null });
    expect(await runDueJobs(deps, [handler], { now: clock.now, log: { error: () => undefined } })).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      last_error: 'database of a partner was down',
      progress_done: 1,
    });
    clock.advanceMinutes(0.99);
    expect(await runDueJobs(deps, [handler], { now: clock.now })).toBe(0);
    clock.advanceMinutes(0.02);
    expect(await runDueJobs(deps, [handler], { now: clock.now })).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: 'succeeded',
      progress_total: 3,
      progress_done: 3,
      progress_succeeded: 2,
      progress_failed: 1,
      result: JSON.stringify({ report: 'two of three' }),
    });
  });

  it("rolls back a handler's transaction whose progress finds the lease taken by another worker", async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db);
    const k = kind();
    let thrown: unknown;
    const handler: JobHandler = {
      kind: k,
      async run(c) {
        // Another worker took the job meanwhile (this one stalled past its lease): its token replaced ours.
        await deps.db.updateTable('jobs').set({ lease_token: 'another-worker' }).where('id', '=', c.job.id).execute();
        try {
          await deps.db.transaction().execute(async (trx) => {
            await trx.updateTable('clients').set({ name: 'Written twice' }).where('id', '=', client.id).execute();
            await c.progress({ done: 1 }, trx);
          });
        } catch (err) {
          thrown = err;
          throw err;
        }
        return null;
      },
    };
    const id = await enqueueJob(deps.db, { clientId: client.id, kind: k, payload: null });
    await runDueJobs(deps, [handler], { log: { error: () => undefined } });
    expect(thrown).toBeInstanceOf(LeaseLostError);
    const row = await deps.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(client.name);
    // The other worker's job is left as it was: this one wrote neither progress nor an outcome.
    expect(await jobRow(id)).toMatchObject({ status: 'running', lease_token: 'another-worker', progress_done: 0 });
  });

  it('fails a job at once on a permanent error, and one whose worker keeps dying after its last attempt', async () => {
    const { deps } = ctx();
    const k = kind();
    const clock = new TestClock();
    const permanent = await enqueueJob(deps.db, { clientId: null, kind: k, payload: null });
    const handler: JobHandler = { kind: k, run: () => Promise.reject(new PermanentJobError('bad input file')) };
    await runDueJobs(deps, [handler], { now: clock.now });
    expect(await jobRow(permanent)).toMatchObject({ status: 'failed', last_error: 'bad input file', attempts: 1 });

    const k2 = kind();
    const dying = await enqueueJob(deps.db, { clientId: null, kind: k2, payload: null, maxAttempts: 2 });
    for (let i = 0; i < 2; i++) {
      expect(
        await claimJobs(deps.db, deps.dialect, {
          workerId: `w${i}`,
          kinds: [k2],
          limit: 1,
          now: clock.now(),
          leaseMs: 1_000,
        }),
      ).toHaveLength(1);
      clock.advanceMinutes(1);
    }
    expect(await runDueJobs(deps, [{ kind: k2, run: () => Promise.resolve() }], { now: clock.now })).toBe(0);
    expect(await jobRow(dying)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('runs jobs in the background once started, and stops cleanly', async () => {
    const { deps } = ctx();
    const k = kind();
    const done: unknown[] = [];
    let closed = false;
    const stop = startWorkers(
      deps,
      [
        {
          kind: k,
          run: (c) => Promise.resolve(done.push(c.job.payload)),
          close: () => Promise.resolve(void (closed = true)),
        },
      ],
      { pollMs: 10 },
    );
    await enqueueJob(deps.db, { clientId: null, kind: k, payload: 'hello' });
    const until = Date.now() + 5_000;
    while (done.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    await stop();
    expect(done).toEqual(['hello']);
    expect(closed).toBe(true);
  });

  it('takes a job at once when woken after it was enqueued, not at its next poll', async () => {
    const { deps } = ctx();
    const k = kind();
    const runs: ((payload: unknown) => void)[] = [];
    const ran = (n: number) => new Promise<unknown>((resolve) => (runs[n] = resolve));
    const first = ran(0);
    const second = ran(1);
    let n = 0;
    // A poll far beyond the test's time: once idle, only the wake can make the worker look again.
    const stop = startWorkers(deps, [{ kind: k, run: (c) => Promise.resolve(runs[n++]?.(c.job.payload)) }], {
      pollMs: 3_600_000,
    });
    await enqueueJob(deps.db, { clientId: null, kind: k, payload: 'first' });
    wakeWorkers();
    expect(await first).toBe('first');
    // The worker has looked again after that job, found nothing and waits for its poll.
    await new Promise((r) => setTimeout(r, 50));
    await enqueueJob(deps.db, { clientId: null, kind: k, payload: 'second' });
    wakeWorkers();
    expect(await second).toBe('second');
    await stop();
  });

  it('shows a job to its creator and to holders of its capability, to nobody else', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const creator = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const id = await enqueueJob(deps.db, {
      clientId: client.id,
      kind: kind(),
      payload: null,
      createdBy: creator.id,
      capability: 'content.manage',
      total: 7,
    });
    const asCreator = await signIn(app, creator);
    const res = await asCreator.get(`/api/jobs/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'queued',
      progress: { total: 7, done: 0, succeeded: 0, failed: 0 },
      result: null,
    });
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    expect((await content.get(`/api/jobs/${id}`)).statusCode).toBe(200);
    const participant = await signIn(app, await createUser(deps.db, client, { role: 'PARTICIPANT' }));
    expect((await participant.get(`/api/jobs/${id}`)).statusCode).toBe(404);
    const other = await createClient(deps.db);
    const foreign = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    expect((await foreign.get(`/api/jobs/${id}`)).statusCode).toBe(404);
    expect((await foreign.get('/api/jobs/not-a-uuid')).statusCode).toBe(400);
  });
});
