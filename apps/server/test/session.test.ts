import { SESSION_IDLE_DAYS, SESSION_MAX_DAYS } from '@lms/contracts/constants';
import { expect, it } from 'vitest';
import { TOUCH_FLUSH_MS, flushSessionTouches } from '../src/platform/session-touches';
import { createClient, createUser, signIn } from './factories';
import { describeEachDialect } from './test-app';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

// DECISIONS "sessions": idle timeout 30 days, absolute lifetime 365 days, both ended on the server.
describeEachDialect('session lifetime', (ctx) => {
  const session = async () => {
    const { app, deps } = ctx();
    const user = await createUser(deps.db, await createClient(deps.db));
    return { deps, me: await signIn(app, user), userId: user.id };
  };
  const age = (deps: ReturnType<typeof ctx>['deps'], userId: string, created: string, seen: string) =>
    deps.db
      .updateTable('sessions')
      .set({ created_at: created, last_seen_at: seen })
      .where('user_id', '=', userId)
      .execute();

  it(`keeps a session used within ${SESSION_IDLE_DAYS} days and moves its last use on`, async () => {
    const { deps, me, userId } = await session();
    await age(deps, userId, daysAgo(SESSION_MAX_DAYS - 1), daysAgo(SESSION_IDLE_DAYS - 1));
    expect((await me.get('/api/user/info')).statusCode).toBe(200);
    await flushSessionTouches(deps.db);
    const row = await deps.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_seen_at)).toBeLessThan(60_000);
  });

  it('writes the last use of every session seen within a second by itself, without a request waiting for it', async () => {
    const a = await session();
    const b = await session();
    for (const s of [a, b]) await age(s.deps, s.userId, daysAgo(2), daysAgo(1));
    expect((await a.me.get('/api/user/info')).statusCode).toBe(200);
    expect((await b.me.get('/api/user/info')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, TOUCH_FLUSH_MS + 300));
    const rows = await a.deps.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', 'in', [a.userId, b.userId])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Date.now() - Date.parse(row.last_seen_at)).toBeLessThan(60_000);
  });

  it(`ends a session idle for more than ${SESSION_IDLE_DAYS} days, and deletes it`, async () => {
    const { deps, me, userId } = await session();
    await age(deps, userId, daysAgo(SESSION_IDLE_DAYS + 2), daysAgo(SESSION_IDLE_DAYS + 1));
    expect((await me.get('/api/user/info')).json()).toMatchObject({ error: 'session_expired' });
    expect(await deps.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it(`ends a session older than ${SESSION_MAX_DAYS} days even when used every day`, async () => {
    const { deps, me, userId } = await session();
    await age(deps, userId, daysAgo(SESSION_MAX_DAYS + 1), daysAgo(0));
    expect((await me.get('/api/user/info')).statusCode).toBe(401);
  });

  // Hardening issue, point 5: the session check applies the whole active window, not only the active flag.
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  it.each([
    ['past its active-to date is refused', { active_to: day(-1) }, 401],
    ['whose active-from date lies ahead is refused', { active_from: day(1) }, 401],
    ['on its last active day goes on', { active_to: day(0) }, 200],
    ['on its first active day goes on', { active_from: day(0) }, 200],
  ])('an account %s on its next call with the token it already had', async (_name, window, status) => {
    const { deps, me, userId } = await session();
    expect((await me.get('/api/user/info')).statusCode).toBe(200);
    await deps.db.updateTable('users').set(window).where('id', '=', userId).execute();
    const res = await me.get('/api/user/info');
    expect(res.statusCode).toBe(status);
    if (status === 401) expect(res.json()).toMatchObject({ error: 'session_expired' });
  });
});
