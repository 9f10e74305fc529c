import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { setShortCachesEnabled } from '../../platform/short-cache';
import { freshUntil } from './learner-dashboard-store';
import { idOf, trainingWorld } from './test-trainings';

// Issue 33 point 3: the learner dashboard's kept answers (learner-dashboard-store.ts). A kept answer is served only
// while it is current: each kind of change that the dashboard shows moves a stamp (migration 0043's triggers), and
// the next request makes the answer anew. The short caches are off, so every request reaches the store.

const MARK = 'kept-answer-marker';

describeEachDialect('the learner dashboard kept in the database', (ctx) => {
  beforeAll(() => setShortCachesEnabled(false));
  afterAll(() => setShortCachesEnabled(true));

  const setup = async () => {
    const { app } = ctx();
    const w = await trainingWorld(ctx);
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const learner = await signIn(app, w.members[0]!);
    return { ...w, id, learner };
  };

  const kept = (clientId: string, userId: string) =>
    ctx()
      .deps.db.selectFrom('learner_dashboards')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .executeTakeFirst();

  /** Marks the kept answer, so that a request shows whether it was served (marked) or made anew (not marked). */
  const mark = async (clientId: string, userId: string) => {
    const { db } = ctx().deps;
    const row = await kept(clientId, userId);
    expect(row, 'an answer is kept after the first request').toBeDefined();
    const body = row!.body.replace(/"title":"[^"]*"/, `"title":"${MARK}"`);
    expect(body).not.toBe(row!.body);
    await db
      .updateTable('learner_dashboards')
      .set({ body })
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .execute();
  };

  const dashboardTitle = async (learner: { get: (url: string) => Promise<{ json: <T>() => T }> }) =>
    (await learner.get('/api/user-course-trainings')).json<{ items: { title: string }[] }>().items[0]?.title;

  it('serves the kept answer while nothing changed, and the same answer the training read gives', async () => {
    const { learner, id, client, members } = await setup();
    const first = await learner.get('/api/user-course-trainings');
    expect(first.statusCode).toBe(200);
    const [item] = first.json<{ items: unknown[] }>().items;
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toEqual(item);
    await mark(client.id, members[0]!.id);
    expect(await dashboardTitle(learner)).toBe(MARK);
  });

  it('makes the answer anew after each change the dashboard shows, whoever made it (SQL too)', async () => {
    const { learner, id, client, members, moduleIds, courseId } = await setup();
    const { db } = ctx().deps;
    const userId = members[0]!.id;
    const changes: [string, () => Promise<unknown>][] = [
      ['a module opened', () => learner.post(`/api/course-training-user-value/${id}/${moduleIds[0]}`, {})],
      [
        'the participation made optional, by SQL',
        () =>
          db
            .updateTable('training_participants')
            .set({ is_optional: true })
            .where('training_id', '=', id)
            .where('user_id', '=', userId)
            .execute(),
      ],
      [
        "the course's title",
        () =>
          db
            .updateTable('course_texts')
            .set({ title: 'Brandschutz (en)' })
            .where('course_id', '=', courseId)
            .where('locale', '=', 'en-US')
            .execute(),
      ],
      [
        'only the first module made required',
        () => db.updateTable('modules').set({ is_required: true }).where('id', '=', moduleIds[0]!).execute(),
      ],
      [
        "the training's deadline",
        () => db.updateTable('trainings').set({ deadline: '2026-11-30' }).where('id', '=', id).execute(),
      ],
    ];
    for (const [what, change] of changes) {
      await learner.get('/api/user-course-trainings');
      await mark(client.id, userId);
      await change();
      const res = await learner.get('/api/user-course-trainings');
      const [item] = res.json<{ items: unknown[] }>().items;
      expect(JSON.stringify(item), what).not.toContain(MARK);
      expect(item, what).toEqual((await learner.get(`/api/user-course-trainings/${id}`)).json());
    }
    const [item] = (await learner.get('/api/user-course-trainings')).json<{
      items: { title: string; deadline: string; status: string; modules: { required: boolean; status: string }[] }[];
    }>().items;
    expect(item).toMatchObject({ title: 'Brandschutz (en)', deadline: '2026-11-30', status: 'OPTIONAL' });
    expect(item!.modules.map((m) => [m.required, m.status])).toEqual([
      [true, 'COMPLETED'],
      [false, 'PENDING'],
      [false, 'PENDING'],
    ]);
  });

  it("makes the answer anew in the reader's new locale, and when the clock passes its fresh_until", async () => {
    const { learner, client, members } = await setup();
    const { db } = ctx().deps;
    const userId = members[0]!.id;
    await learner.get('/api/user-course-trainings');
    await mark(client.id, userId);
    await db.updateTable('users').set({ locale: 'de-DE' }).where('id', '=', userId).execute();
    expect(await dashboardTitle(learner)).toBe('Arbeitssicherheit');
    expect((await kept(client.id, userId))?.locale).toBe('de-DE');

    await db.updateTable('users').set({ locale: 'en-US' }).where('id', '=', userId).execute();
    await learner.get('/api/user-course-trainings');
    await mark(client.id, userId);
    await db
      .updateTable('learner_dashboards')
      .set({ fresh_until: '2020-01-01T00:00:00.000Z' })
      .where('client_id', '=', client.id)
      .where('user_id', '=', userId)
      .execute();
    expect(await dashboardTitle(learner)).toBe('Arbeitssicherheit (en)');
  });

  it("a change in one client leaves another client's kept answers current; a deleted user's rows go", async () => {
    const a = await setup();
    const b = await setup();
    const { db } = ctx().deps;
    await a.learner.get('/api/user-course-trainings');
    await b.learner.get('/api/user-course-trainings');
    await mark(b.client.id, b.members[0]!.id);
    await db.updateTable('course_texts').set({ title: 'Anders' }).where('course_id', '=', a.courseId).execute();
    await db
      .updateTable('training_participants')
      .set({ status: 'IN_PROGRESS' })
      .where('training_id', '=', a.id)
      .execute();
    expect(await dashboardTitle(a.learner)).toBe('Anders');
    expect(await dashboardTitle(b.learner)).toBe(MARK);

    const removed = a.members[1]!;
    const other = await signIn(ctx().app, removed);
    await other.get('/api/user-course-trainings');
    expect(await kept(a.client.id, removed.id)).toBeDefined();
    expect((await a.admin.del(`/api/users/${removed.id}`)).statusCode).toBe(200);
    expect(await kept(a.client.id, removed.id)).toBeUndefined();
    const stamps = await sql<{
      n: number;
    }>`select count(*) as n from dashboard_stamps where user_id = ${removed.id}`.execute(db);
    expect(Number(stamps.rows[0]!.n)).toBe(0);
  });

  it('a learner without trainings gets an empty list, kept too', async () => {
    const { client } = await setup();
    const { app, deps } = ctx();
    const lone = await createUser(deps.db, client, { locale: 'en-US' });
    const session = await signIn(app, lone);
    expect((await session.get('/api/user-course-trainings')).json()).toEqual({ items: [] });
    expect((await kept(client.id, lone.id))?.body).toBe('{"items":[]}');
    expect((await session.get('/api/user-course-trainings')).json()).toEqual({ items: [] });
  });
});

describe('freshUntil', () => {
  const item = (validUntil: string | null, renewalOpensAt: string | null) => ({ validUntil, renewalOpensAt }) as never;
  const now = '2026-12-03T10:00:00.000Z';
  it('is the first validity end or renewal opening after now, else forever', () => {
    expect(freshUntil({ items: [] }, now)).toBe('9999-12-31T23:59:59.999Z');
    expect(
      freshUntil(
        {
          items: [
            item('2027-06-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z'),
            item('2026-01-01T00:00:00.000Z', null),
            item(null, '2027-02-01T00:00:00.000Z'),
          ],
        },
        now,
      ),
    ).toBe('2027-02-01T00:00:00.000Z');
  });
});
