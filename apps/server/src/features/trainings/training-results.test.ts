import type { TParticipantPage, TTrainingCycleList, TUserTraining } from '@lms/contracts/trainings';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { nowIso } from '../../platform/ids';
import { runRecertification } from '../recertification/recertification.job';
import { contentAppFor, onContentOrigin, setupPackage } from '../scorm-runtime/test-runtime';
import type { Session } from './test-trainings';
import { idOf } from './test-trainings';

// Issue 31 point 1: a SCORM package's score and pass/fail reach the status table (sortable by score), the
// participant's results, the learner's training view and the cycles (the learning record), each cycle its own.

const idsOf = (res: LightMyRequestResponse) => res.json<TParticipantPage>().items.map((i) => i.userId);

const cmi12 = (lessonStatus: string, score: { raw: string; max?: string }, sessionTime = '00:00:10') => ({
  core: {
    lesson_location: '',
    lesson_status: lessonStatus,
    exit: '',
    session_time: sessionTime,
    score: { raw: score.raw, min: '0', max: score.max ?? '' },
  },
  suspend_data: '',
});

describeEachDialect('module results (score, pass or fail, completion, time)', (ctx) => {
  const contentApp = contentAppFor(ctx);

  /** A SCORM 1.2 package, a training of a group of two learners (Anna, Bert) and a coordinator's admin. */
  const setup = async (training: Record<string, unknown> = {}) => {
    const { app, deps } = ctx();
    const pkg = await setupPackage(ctx, 'RuntimeBasicCalls_SCORM12');
    const admin = await signIn(app, await createUser(deps.db, pkg.client, { role: 'ADMIN' }));
    const anna = await createUser(deps.db, pkg.client, { first_name: 'Anna', last_name: 'A' });
    const bert = await createUser(deps.db, pkg.client, { first_name: 'Bert', last_name: 'B' });
    const group = await createGroup(deps.db, pkg.client, { members: [anna, bert] });
    const trainingId = idOf(
      await admin.post('/api/course-training', { courseId: pkg.courseId, groupIds: [group.id], ...training }),
    );
    return { ...pkg, admin, trainingId, anna, bert, learners: [await signIn(app, anna), await signIn(app, bert)] };
  };

  /** A learner's launch of the module and their commits on the content origin. */
  const play = async (learner: Session, trainingId: string, moduleId: string) => {
    const launched = await learner.post(`/api/course-training/${trainingId}/module/${moduleId}/launch`);
    expect(launched.statusCode).toBe(200);
    const runtime = onContentOrigin(await contentApp(), launched.json<{ launchUrl: string }>().launchUrl);
    const state = await runtime.state();
    let seq = 0;
    return (cmi: Record<string, unknown>) =>
      runtime.commit({ session: state.session, seq: ++seq, instance: 1, itemId: state.startItemId, cmi });
  };

  const statusOf = (admin: Session, trainingId: string, query: Record<string, string> = {}) =>
    admin.get(`/api/course-training-user-value/${trainingId}/get-status-of-all-users`, query);

  it('keeps score and passed or failed from the commits: status table (sorted by score), results, learner view', async () => {
    const { admin, trainingId, moduleId, learners, anna, bert } = await setup();
    const [a, b] = learners as [Session, Session];
    const commitA = await play(a, trainingId, moduleId);
    expect((await commitA(cmi12('incomplete', { raw: '' }))).json()).toMatchObject({ moduleStatus: 'STARTED' });
    // 1.2 score within min..max: 8 of 10 is 80 %.
    expect((await commitA(cmi12('passed', { raw: '8', max: '10' }, '00:01:30'))).json()).toMatchObject({
      moduleStatus: 'COMPLETED',
    });
    // No score sorts last in both directions.
    for (const order of ['asc', 'desc'])
      expect(idsOf(await statusOf(admin, trainingId, { sort: 'score', order }))).toEqual([anna.id, bert.id]);
    // A later "completed" without a score (a revisit of the last page) keeps the passed and the score.
    await commitA(cmi12('completed', { raw: '' }, '00:01:30'));
    const commitB = await play(b, trainingId, moduleId);
    await commitB(cmi12('failed', { raw: '35' }));

    const mine = (await a.get(`/api/user-course-trainings/${trainingId}`)).json<TUserTraining>();
    expect(mine).toMatchObject({
      status: 'COMPLETED',
      modules: [{ id: moduleId, status: 'COMPLETED', success: 'passed', score: 80, scoreRaw: 8 }],
    });
    expect(mine.modules[0]?.completedAt).toEqual(expect.any(String));
    expect((await b.get(`/api/user-course-trainings/${trainingId}`)).json()).toMatchObject({
      modules: [{ id: moduleId, success: 'failed', score: 35, scoreRaw: 35 }],
    });
    // The dashboard shows them too.
    expect((await a.get('/api/user-course-trainings')).json()).toMatchObject({
      items: [{ id: trainingId, modules: [{ success: 'passed', score: 80 }] }],
    });

    const page = await statusOf(admin, trainingId, { sort: 'score', order: 'desc' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      items: [
        { userId: anna.id, score: 80, result: 'passed', modules: [{ moduleId, success: 'passed', score: 80 }] },
        { userId: bert.id, score: 35, result: 'failed', modules: [{ moduleId, success: 'failed', score: 35 }] },
      ],
    });
    expect(idsOf(await statusOf(admin, trainingId, { sort: 'score', order: 'asc' }))).toEqual([bert.id, anna.id]);

    const results = await admin.get(`/api/course-training/${trainingId}/participants/${anna.id}/results`);
    expect(results.statusCode).toBe(200);
    // session_time is the API instance's whole time so far: 90 s, not 10 + 90.
    expect(results.json()).toMatchObject({
      userId: anna.id,
      name: 'Anna A',
      cycle: 1,
      status: 'COMPLETED',
      score: 80,
      result: 'passed',
      modules: [{ moduleId, kind: 'scorm', status: 'COMPLETED', success: 'passed', score: 80, timeSpentSeconds: 90 }],
    });

    // A retaken test that passes replaces the failure.
    await commitB(cmi12('passed', { raw: '90' }, '00:02:00'));
    expect((await statusOf(admin, trainingId, { sort: 'score', order: 'desc' })).json()).toMatchObject({
      items: [{ userId: bert.id, score: 90, result: 'passed' }, { userId: anna.id }],
    });
  });

  it('a second cycle keeps its own result; the closed cycle keeps the first', async () => {
    const { deps } = ctx();
    const { admin, trainingId, moduleId, learners, anna } = await setup({ validity: { months: 12, renewalDays: 30 } });
    const [a] = learners as [Session];
    await (
      await play(a, trainingId, moduleId)
    )(cmi12('passed', { raw: '75' }));
    // The renewal window opens (as a validity would set it) and the daily job starts cycle 2.
    await deps.db
      .updateTable('training_participants')
      .set({ renewal_opens_at: '2020-01-01T00:00:00.000Z' })
      .where('training_id', '=', trainingId)
      .where('user_id', '=', anna.id)
      .execute();
    expect(await runRecertification(deps, nowIso())).toMatchObject({ opened: 1 });
    expect((await a.get(`/api/user-course-trainings/${trainingId}`)).json()).toMatchObject({
      cycle: 2,
      modules: [{ id: moduleId, status: 'PENDING', success: 'unknown', score: null }],
    });
    await (
      await play(a, trainingId, moduleId)
    )(cmi12('failed', { raw: '20' }));

    const cycles = (await a.get(`/api/user-course-trainings/${trainingId}/cycles`)).json<TTrainingCycleList>();
    expect(cycles.items).toMatchObject([
      { cycle: 2, current: true, score: 20, result: 'failed' },
      { cycle: 1, current: false, score: 75, result: 'passed' },
    ]);
    expect(
      (await admin.get(`/api/course-training/${trainingId}/participants/${anna.id}/cycles`)).json<TTrainingCycleList>()
        .items,
    ).toMatchObject([
      { cycle: 2, score: 20, result: 'failed' },
      { cycle: 1, score: 75, result: 'passed' },
    ]);
    expect((await statusOf(admin, trainingId)).json()).toMatchObject({
      items: [{ userId: anna.id, cycle: 2, score: 20, result: 'failed' }, {}],
    });
    const results = (await admin.get(`/api/course-training/${trainingId}/participants/${anna.id}/results`)).json();
    expect(results).toMatchObject({ cycle: 2, modules: [{ score: 20, success: 'failed', timeSpentSeconds: 10 }] });
  });

  it('answers 400 for a bad sort key, 403 without the permission, 404 for another client or a non-participant', async () => {
    const { app, deps } = ctx();
    const { admin, trainingId, learners, anna } = await setup();
    const bad = await statusOf(admin, trainingId, { sort: 'scores' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'validation_failed',
      details: { fields: [expect.objectContaining({ field: 'querystring.sort' })] },
    });
    const badUser = await admin.get(`/api/course-training/${trainingId}/participants/not-an-id/results`);
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json()).toMatchObject({ error: 'validation_failed' });

    const [a] = learners as [Session];
    expect((await a.get(`/api/course-training/${trainingId}/participants/${anna.id}/results`)).statusCode).toBe(403);

    const otherClient = await createClient(deps.db);
    const foreign = await signIn(app, await createUser(deps.db, otherClient, { role: 'ADMIN' }));
    const res = await foreign.get(`/api/course-training/${trainingId}/participants/${anna.id}/results`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Anna');
    const outsider = await createUser(deps.db, (await setup()).client);
    const notHere = await admin.get(`/api/course-training/${trainingId}/participants/${outsider.id}/results`);
    expect(notHere.statusCode).toBe(404);
  });
});
