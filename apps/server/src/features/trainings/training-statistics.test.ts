import { describe, expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { idOf, trainingWorld } from './test-trainings';
import { completionSeries } from './training-statistics.service';

const DAY_MS = 86_400_000;
/** The UTC day `n` days ago, and a time on it. */
const dayAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
const at = (n: number, time = '09:30:00.000Z') => `${dayAgo(n)}T${time}`;

describeEachDialect('training statistics', (ctx) => {
  it('answers the status distribution and the completions per day in scope; 403 for a participant, 404 elsewhere', async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx, { members: 6 });
    const [m0, m1, m2, , m4, m5] = w.members;
    const coordinator = await createUser(deps.db, w.client, { role: 'COORDINATOR', locale: 'en-US' });
    const mine = await createGroup(deps.db, w.client, {
      name: 'Mine',
      members: [m0!, m2!],
      coordinators: [coordinator],
    });
    const id = idOf(
      await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id, mine.id] }),
    );
    const admin = () => w.admin.get(`/api/course-training/${id}/statistics`);
    // Nobody started yet: counts only, no series.
    expect((await admin()).json()).toEqual({
      counts: { participants: 6, pending: 6, started: 0, completed: 0, optional: 0, expired: 0 },
      interval: 'day',
      from: null,
      to: dayAgo(0),
      completions: [],
    });

    const set = (userId: string, values: Record<string, unknown>) =>
      deps.db
        .updateTable('training_participants')
        .set(values)
        .where('training_id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    await set(m0!.id, { status: 'COMPLETED', started_at: at(3), completed_at: at(2, '23:59:00.000Z') });
    await set(m1!.id, { status: 'COMPLETED', started_at: at(2), completed_at: at(0, '00:00:01.000Z') });
    await set(m2!.id, { status: 'STARTED', started_at: at(1) });
    await set(m4!.id, { status: 'OPTIONAL', is_optional: true });
    // A former participant's completion is history, not counted (as in the figures).
    await set(m5!.id, { status: 'COMPLETED', is_assigned: false, started_at: at(9), completed_at: at(1) });

    const res = await admin();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      counts: { participants: 5, pending: 1, started: 1, completed: 2, optional: 1, expired: 0 },
      interval: 'day',
      from: dayAgo(3),
      to: dayAgo(0),
      completions: [
        { date: dayAgo(3), completions: 0, cumulative: 0 },
        { date: dayAgo(2), completions: 1, cumulative: 1 },
        { date: dayAgo(1), completions: 0, cumulative: 1 },
        { date: dayAgo(0), completions: 1, cumulative: 2 },
      ],
    });

    // The coordinator sees only their group's members (m0 completed, m2 started).
    const coord = await signIn(app, coordinator);
    expect((await coord.get(`/api/course-training/${id}/statistics`)).json()).toMatchObject({
      counts: { participants: 2, pending: 0, started: 1, completed: 1, optional: 0, expired: 0 },
      from: dayAgo(3),
      completions: [
        { date: dayAgo(3), completions: 0, cumulative: 0 },
        { date: dayAgo(2), completions: 1, cumulative: 1 },
        { date: dayAgo(1), completions: 0, cumulative: 1 },
        { date: dayAgo(0), completions: 0, cumulative: 1 },
      ],
    });
    const others = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    expect((await coord.get(`/api/course-training/${others}/statistics`)).statusCode).toBe(404);

    const participant = await signIn(app, m0!);
    expect((await participant.get(`/api/course-training/${id}/statistics`)).statusCode).toBe(403);
    const foreign = await createClient(deps.db);
    const foreignAdmin = await signIn(app, await createUser(deps.db, foreign, { role: 'ADMIN' }));
    const crossed = await foreignAdmin.get(`/api/course-training/${id}/statistics`);
    expect(crossed.statusCode).toBe(404);
    expect((await coord.get('/api/course-training/0190a0a0-0000-7000-8000-000000000000/statistics')).statusCode).toBe(
      404,
    );
  });
});

describe('completionSeries', () => {
  it('lists every day up to 366 days, and weeks from Monday beyond that', () => {
    const daily = completionSeries([{ day: '2026-01-02', n: 3 }], '2026-01-01', '2026-12-31');
    expect(daily.interval).toBe('day');
    expect(daily.completions).toHaveLength(365);
    expect(daily.completions.at(-1)).toEqual({ date: '2026-12-31', completions: 0, cumulative: 3 });

    const weekly = completionSeries(
      [
        { day: '2025-01-01', n: 1 },
        { day: '2025-01-05', n: 2 },
        { day: '2025-01-06', n: 4 },
        { day: '2026-11-23', n: 1 },
      ],
      '2025-01-01',
      '2026-11-23',
    );
    expect(weekly.interval).toBe('week');
    // 2025-01-01 is a Wednesday: its week starts on Monday 2024-12-30.
    expect(weekly.completions.slice(0, 2)).toEqual([
      { date: '2024-12-30', completions: 3, cumulative: 3 },
      { date: '2025-01-06', completions: 4, cumulative: 7 },
    ]);
    expect(weekly.completions.at(-1)).toEqual({ date: '2026-11-23', completions: 1, cumulative: 8 });
  });
});
