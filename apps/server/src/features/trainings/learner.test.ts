import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { idOf, trainingWorld } from './test-trainings';

interface UserTraining {
  id: string;
  title: string;
  status: string;
  deadline: string | null;
  progress: { completed: number; required: number };
  nextModuleId: string | null;
  modules: {
    id: string;
    title: string;
    order: number;
    status: string;
    locked: boolean;
    unlockedBy: string | null;
    required: boolean;
  }[];
}

describeEachDialect('the learner journey', (ctx) => {
  /** A training of the world's group; the first member signed in as the learner (locale en-US). */
  const setup = async (opts: { required?: number[]; members?: number } = {}) => {
    const { app } = ctx();
    const w = await trainingWorld(ctx, opts);
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const learner = w.members[0] ? await signIn(app, w.members[0]) : w.admin;
    return { ...w, id, learner };
  };

  it('lists my trainings with title in my locale, dates, status, progress, locking and the next module', async () => {
    const { learner, id, moduleIds } = await setup();
    const res = await learner.get('/api/user-course-trainings');
    expect(res.statusCode).toBe(200);
    const [training] = res.json<{ items: UserTraining[] }>().items;
    expect(training).toMatchObject({
      id,
      title: 'Arbeitssicherheit (en)',
      startDate: '2026-01-01',
      deadline: '2026-12-31',
      status: 'PENDING',
      progress: { completed: 0, required: 3 },
      nextModuleId: moduleIds[0],
    });
    // DECISIONS "required modules": none listed, all are required; "module locking": sorted by order.
    expect(training!.modules.map((m) => [m.order, m.required, m.status, m.locked, m.unlockedBy])).toEqual([
      [1, true, 'PENDING', false, null],
      [2, true, 'PENDING', true, moduleIds[0]],
      [3, true, 'PENDING', true, moduleIds[0]],
    ]);
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toEqual(training);
  });

  it("the dashboard's two-query read answers each training as the training's own read does, module values too", async () => {
    const { learner, id, moduleIds } = await setup();
    expect((await learner.post(`/api/course-training-user-value/${id}/${moduleIds[0]}`, {})).statusCode).toBe(200);
    const [training] = (await learner.get('/api/user-course-trainings')).json<{ items: UserTraining[] }>().items;
    expect(training!.modules[0]!.status).not.toBe('PENDING');
    expect(training!.modules[1]!.locked).toBe(training!.modules[0]!.status !== 'COMPLETED');
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toEqual(training);
  });

  it('a learner whose locale has no course text sees the fallback text, as the training page shows it', async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx, { members: 2 });
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    await deps.db.updateTable('users').set({ locale: 'fr-FR' }).where('id', '=', w.members[1]!.id).execute();
    const learner = await signIn(app, w.members[1]!);
    const [training] = (await learner.get('/api/user-course-trainings')).json<{ items: UserTraining[] }>().items;
    expect(training!.title).not.toBe('');
    expect(training!.modules.every((m) => m.title !== '')).toBe(true);
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toEqual(training);
  });

  it('opening modules in order moves PENDING -> STARTED -> COMPLETED; a locked module answers 400 module_locked', async () => {
    const { learner, id, moduleIds } = await setup();
    const [m1, m2, m3] = moduleIds as [string, string, string];
    const locked = await learner.post(`/api/course-training-user-value/${id}/${m2}`, {});
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: 'module_locked', details: { moduleId: m2, unlockedBy: m1 } });
    expect((await learner.post(`/api/course-training/${id}/module/${m3}/launch`)).json()).toMatchObject({
      error: 'module_locked',
    });
    // A PDF module is completed by being opened (DECISIONS "module completion").
    const first = await learner.post(`/api/course-training-user-value/${id}/${m1}`, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      trainingId: id,
      moduleId: m1,
      status: 'COMPLETED',
      trainingStatus: 'STARTED',
    });
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toMatchObject({
      status: 'STARTED',
      progress: { completed: 1, required: 3 },
      nextModuleId: m2,
      modules: [{ locked: false }, { locked: false }, { locked: true, unlockedBy: m2 }],
    });
    const bodyless = await learner.post(`/api/course-training-user-value/${id}/${m2}`);
    expect(bodyless.statusCode, bodyless.body).toBe(200);
    const last = await learner.post(`/api/course-training-user-value/${id}/${m3}`, {});
    expect(last.json()).toMatchObject({ status: 'COMPLETED', trainingStatus: 'COMPLETED' });
    const done = (await learner.get(`/api/user-course-trainings/${id}`)).json<UserTraining & { completedAt: string }>();
    expect(done).toMatchObject({ status: 'COMPLETED', progress: { completed: 3, required: 3 }, nextModuleId: null });
    expect(done.completedAt).toMatch(/^\d{4}-/);
    // Opening again changes nothing.
    expect((await learner.post(`/api/course-training-user-value/${id}/${m1}`, {})).json()).toMatchObject({
      status: 'COMPLETED',
      trainingStatus: 'COMPLETED',
    });
    const values = await learner.get('/api/course-training-user-value/get-all-of-current-user');
    expect(values.json<{ items: { moduleId: string; status: string }[] }>().items.map((v) => v.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
    ]);
  });

  it('only required modules lock and count: the optional one in between never blocks', async () => {
    const { learner, id, moduleIds } = await setup({ required: [0, 2] });
    const [m1, m2, m3] = moduleIds as [string, string, string];
    const start = (await learner.get(`/api/user-course-trainings/${id}`)).json<UserTraining>();
    expect(start.progress).toEqual({ completed: 0, required: 2 });
    expect(start.modules.map((m) => [m.required, m.locked])).toEqual([
      [true, false],
      [false, true],
      [true, true],
    ]);
    await learner.post(`/api/course-training-user-value/${id}/${m1}`, {});
    const res = await learner.post(`/api/course-training-user-value/${id}/${m3}`, {});
    expect(res.json()).toMatchObject({ trainingStatus: 'COMPLETED' });
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toMatchObject({
      progress: { completed: 2, required: 2 },
      nextModuleId: m2,
    });
  });

  it('answers 404 for a training I am not in, a module of another course, and 400 for malformed ids', async () => {
    const { app, deps } = ctx();
    const { learner, id, admin, client, moduleIds } = await setup();
    const outsider = await signIn(app, await createUser(deps.db, client));
    expect((await outsider.get(`/api/user-course-trainings/${id}`)).statusCode).toBe(404);
    expect((await outsider.post(`/api/course-training-user-value/${id}/${moduleIds[0]}`, {})).statusCode).toBe(404);
    expect((await outsider.post(`/api/course-training/${id}/module/${moduleIds[0]}/launch`)).statusCode).toBe(404);
    const otherCourse = idOf(
      await admin.post('/api/courses', { i18n: { 'de-DE': { title: 'Anderer', description: '' } } }),
    );
    expect((await learner.post(`/api/course-training-user-value/${id}/${otherCourse}`, {})).statusCode).toBe(404);
    const bad = await learner.post(`/api/course-training-user-value/not-an-id/${moduleIds[0]}`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    expect((await learner.post(`/api/course-training-user-value/${id}/${moduleIds[0]}`, [1])).statusCode).toBe(400);
    // Another client's admin finds nothing either.
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await foreign.get(`/api/user-course-trainings/${id}`)).statusCode).toBe(404);
    expect((await foreign.get('/api/course-training-user-value/get-all-of-current-user')).json()).toEqual({
      items: [],
    });
  });

  it("answers 404 to another client's participant for the training, its module values and its launch", async () => {
    const { id, moduleIds } = await setup();
    // A participant of another client, in a training of their own there.
    const other = await setup();
    const foreign = other.learner;
    const training = await foreign.get(`/api/user-course-trainings/${id}`);
    expect(training.statusCode).toBe(404);
    expect(training.json()).toMatchObject({ error: 'not_found' });
    expect((await foreign.post(`/api/course-training-user-value/${id}/${moduleIds[0]}`, {})).statusCode).toBe(404);
    expect((await foreign.post(`/api/course-training/${id}/module/${moduleIds[0]}/launch`)).statusCode).toBe(404);
    const mine = (await foreign.get('/api/user-course-trainings')).json<{ items: UserTraining[] }>().items;
    expect(mine.map((t) => t.id)).toEqual([other.id]);
  });

  it('OPTIONAL: a coordinator marks a participant not obliged; completing still makes them COMPLETED', async () => {
    const { app, deps } = ctx();
    const { learner, id, admin, members, moduleIds } = await setup();
    const userId = members[0]!.id;
    const url = `/api/course-training/${id}/participants/${userId}/optional`;
    const marked = await admin.post(url, { optional: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ userId, status: 'OPTIONAL', optional: true });
    expect((await admin.get(`/api/course-training/${id}`)).json()).toMatchObject({
      counts: { participants: 2, pending: 1, optional: 1 },
    });
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toMatchObject({ status: 'OPTIONAL' });
    await learner.post(`/api/course-training-user-value/${id}/${moduleIds[0]}`, {});
    expect((await admin.post(url, { optional: false })).json()).toMatchObject({ status: 'STARTED', optional: false });
    await admin.post(url, { optional: true });
    for (const m of moduleIds) await learner.post(`/api/course-training-user-value/${id}/${m}`, {});
    expect((await learner.get(`/api/user-course-trainings/${id}`)).json()).toMatchObject({ status: 'COMPLETED' });
    expect((await admin.post(url, { optional: 'yes' })).statusCode).toBe(400);
    const participant = await signIn(app, members[1]!);
    expect((await participant.post(url, { optional: true })).statusCode).toBe(403);
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await foreign.post(url, { optional: true })).statusCode).toBe(404);
    const stranger = await createUser(deps.db, (await setup()).client);
    expect(
      (await admin.post(`/api/course-training/${id}/participants/${stranger.id}/optional`, { optional: true }))
        .statusCode,
    ).toBe(404);
  });

  it('the status table pages, filters by status, searches by name or e-mail and sorts on the server', async () => {
    const { app, deps } = ctx();
    const { id, admin, client, group, moduleIds } = await setup({ members: 0 });
    const names = ['Zora', 'Anna', 'Bernd', 'Ümit', 'Carla'];
    const users = [];
    for (const first of names)
      users.push(await createUser(deps.db, client, { first_name: first, last_name: 'Muster' }));
    await admin.post(`/api/groups/${group.id}`, { memberIds: users.map((u) => u.id) });
    for (const u of users.slice(0, 2)) {
      await (await signIn(app, u)).post(`/api/course-training-user-value/${id}/${moduleIds[0]}`, {});
    }
    const url = `/api/course-training-user-value/${id}/get-status-of-all-users`;
    type Page = { total: number; items: { name: string; status: string; completedModules: number }[]; counts: object };
    const page1 = (await admin.get(url, { pageSize: '10', sort: 'name' })).json<Page>();
    expect(page1.total).toBe(5);
    expect(page1.items.map((i) => i.name)).toEqual([
      'Anna Muster',
      'Bernd Muster',
      'Carla Muster',
      'Ümit Muster',
      'Zora Muster',
    ]);
    expect(page1.counts).toEqual({ participants: 5, pending: 3, started: 2, completed: 0, optional: 0, expired: 0 });
    const started = (await admin.get(url, { status: 'STARTED', sort: 'name', order: 'desc' })).json<Page>();
    expect(started.items.map((i) => [i.name, i.status, i.completedModules])).toEqual([
      ['Zora Muster', 'STARTED', 1],
      ['Anna Muster', 'STARTED', 1],
    ]);
    expect((await admin.get(url, { search: 'umit' })).json<Page>().items.map((i) => i.name)).toEqual(['Ümit Muster']);
    expect((await admin.get(url, { search: users[2]!.email })).json<Page>().total).toBe(1);
    const second = (await admin.get(url, { page: '2', pageSize: '10' })).json<Page>();
    expect(second).toMatchObject({ total: 5, items: [] });
    const byProgress = (await admin.get(url, { sort: 'progress', order: 'desc' })).json<Page>();
    expect(byProgress.items.slice(0, 2).map((i) => i.status)).toEqual(['STARTED', 'STARTED']);
    expect((await admin.get(url, { status: 'DONE' })).statusCode).toBe(400);
    expect((await admin.get(url, { pageSize: '7' })).statusCode).toBe(400);
  });
});
