import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import type { Tenant } from '../../platform/tenant';
import { launchTrainingModule } from './launch.service';
import { listTrainingProgress } from './progress.service';
import { golfZip, uploadModule } from '../modules/test-upload';
import { readAttemptsForCommit, writeCommitsIfUnchanged } from './scorm-runtime.repository';
import { contentAppFor, onContentOrigin, setupPackage, type Launched } from './test-runtime';

const cmi12 = (core: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
  core: { lesson_location: '', lesson_status: 'incomplete', exit: '', session_time: '00:00:00', ...core },
  suspend_data: '',
  ...rest,
});
const cmi2004 = (fields: Record<string, unknown> = {}) => ({
  location: '',
  suspend_data: '',
  completion_status: 'incomplete',
  success_status: 'unknown',
  exit: '',
  session_time: 'PT0S',
  ...fields,
});

describeEachDialect('SCORM runtime', (ctx) => {
  const contentApp = contentAppFor(ctx);

  const launch12 = async () => {
    const setup = await setupPackage(ctx, 'RuntimeBasicCalls_SCORM12');
    const res = await setup.preview();
    expect(res.statusCode).toBe(200);
    const runtime = onContentOrigin(await contentApp(), res.json<{ launchUrl: string }>().launchUrl);
    const state = await runtime.state();
    return { ...setup, runtime, state, item: state.startItemId };
  };

  /** Commits of one player page: a session from the state call and a rising sequence number. */
  const pageOf = (runtime: Launched, session: string, itemId: string) => {
    let seq = 0;
    return (cmi: Record<string, unknown> | undefined, instance = 1) =>
      runtime.commit({ session, seq: ++seq, instance, itemId, ...(cmi ? { cmi } : {}) });
  };

  // Issue 15: commits of one attempt arriving at once (two pages, a beacon beside a commit) are serialised by the
  // attempt's locked read: none fails with a server error, the first page's row is inserted once, and what stays is
  // the latest commit; a commit that an even later one overtook is refused as stale (409), never stored over it.
  it('concurrent commits on one attempt neither fail nor lose the latest data', async () => {
    const { runtime, state, item } = await launch12();
    const commits = Array.from({ length: 12 }, (_, i) =>
      runtime.commit({
        session: state.session,
        seq: i + 1,
        instance: 1,
        itemId: item,
        cmi: cmi12({ lesson_location: `page-${i + 1}`, exit: 'suspend' }, { suspend_data: `data-${i + 1}` }),
      }),
    );
    const answers = await Promise.all(commits);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(answers.at(-1)?.statusCode).toBe(200);
    const data = await runtime.data(item);
    expect(data.cmi.core).toMatchObject({ lesson_location: 'page-12', entry: 'resume' });
    expect(data.cmi.suspend_data).toBe('data-12');
  });

  // Issue 15: on SQLite the commits that arrive together share one transaction (db/sqlite-write-batch.ts). Each still
  // gets its own answer, and a refused one (stale, invalid, unknown token) changes nothing of the others.
  it('answers commits arriving together each on its own; refused ones change nothing of the others', async () => {
    const a = await launch12();
    const b = await launch12();
    const body = (session: string, item: string, seq: number, data: string) => ({
      session,
      seq,
      instance: 1,
      itemId: item,
      cmi: cmi12({ exit: 'suspend' }, { suspend_data: data }),
    });
    expect((await a.runtime.commit(body(a.state.session, a.item, 1, 'a1'))).statusCode).toBe(200);
    const answers = await Promise.all([
      a.runtime.commit(body(a.state.session, a.item, 5, 'a5')),
      a.runtime.commit(body(a.state.session, a.item, 1, 'replayed')),
      a.runtime.commit(body(a.state.session, a.item, 6, 'x'.repeat(4097))),
      b.runtime.commit(body(b.state.session, b.item, 1, 'b1')),
      onContentOrigin(await contentApp(), a.runtime.launchUrl.replace(a.runtime.token, 'not-a-token')).commit(
        body(a.state.session, a.item, 7, 'unknown token'),
      ),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 409, 400, 200, 404]);
    expect((await a.runtime.data(a.item)).cmi.suspend_data).toBe('a5');
    expect((await b.runtime.data(b.item)).cmi.suspend_data).toBe('b1');
  });

  // Issue 15: on PostgreSQL a batch of commits writes in one statement, each on the condition that its attempt is the
  // version it read; a write between makes that one write nothing (the commit then takes the locked path).
  it('writes a batch of commits in one statement, each only while its attempt is the version it read (PostgreSQL)', async () => {
    const { deps } = ctx();
    if (deps.dialect !== 'postgres') return;
    const { runtime, state, item } = await launch12();
    expect((await pageOf(runtime, state.session, item)(cmi12({ lesson_location: '1' }))).statusCode).toBe(200);
    // This launch's attempt is the newest of the database (UUIDv7 ids sort by creation).
    const { id, client_id } = await deps.db
      .selectFrom('scorm_attempts')
      .select(['id', 'client_id'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const read = (await readAttemptsForCommit(deps.db, [id, 'no-such-attempt'])).get(id)!;
    expect(read.items.map((i) => i.item_id)).toEqual([item]);
    expect(read.version).toMatch(/^\d+$/);
    const now = new Date().toISOString();
    const row = (location: string, seq: number) => ({
      attempt_id: id,
      item_id: item,
      client_id,
      cmi: JSON.stringify({ core: { lesson_location: location } }),
      status: 'STARTED',
      success_status: 'unknown',
      exit: '',
      total_time_cs: 0,
      time_base_cs: 0,
      time_instance: `${state.session}:1`,
      commit_session: state.session,
      commit_seq: seq,
      score_pct: null,
      score_raw: null,
      created_at: now,
      updated_at: now,
    });
    const attempt = {
      status: 'STARTED',
      success_status: 'unknown',
      last_item_id: item,
      completed_at: null,
      score_pct: null,
      score_raw: null,
      total_time_cs: 0,
    };
    const write = (location: string, seq: number) => ({
      version: read.version!,
      attempt: { ...attempt, updated_at: now },
      item: row(location, seq),
    });
    expect([...(await writeCommitsIfUnchanged(deps.db, [write('2', 2)]))]).toEqual([id]);
    // The same version again: the attempt has moved on, nothing is written.
    expect((await writeCommitsIfUnchanged(deps.db, [write('3', 3)])).size).toBe(0);
    expect((await runtime.data(item)).cmi.core).toMatchObject({ lesson_location: '2' });
    // In one batch, each write has its own condition: the current version is written, the old one is not.
    const current = (await readAttemptsForCommit(deps.db, [id])).get(id)!;
    const written = await writeCommitsIfUnchanged(deps.db, [{ ...write('4', 4), version: current.version! }]);
    expect([...written]).toEqual([id]);
    expect((await runtime.data(item)).cmi.core).toMatchObject({ lesson_location: '4' });
  });

  it('launches a preview on the content origin and starts the SCO ab-initio with the LMS values', async () => {
    const { runtime, state, item } = await launch12();
    expect(runtime.launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:3001\/player\/[\w-]+\.[\w-]+\/$/);
    expect(state).toMatchObject({
      version: 'scorm12',
      preview: true,
      moduleStatus: 'PENDING',
      launchables: [{ itemId: 'item_1', href: 'shared/launchpage.html', scormType: 'sco', status: 'PENDING' }],
    });
    const data = await runtime.data(item);
    expect(data.cmi.core).toMatchObject({
      entry: 'ab-initio',
      student_name: 'Content, Clara',
      credit: 'no-credit',
      lesson_status: 'not attempted',
      total_time: '0000:00:00.00',
    });
  });

  it('keeps the location and suspend data, and answers entry=resume after exit=suspend', async () => {
    const { runtime, state, item } = await launch12();
    const commit = pageOf(runtime, state.session, item);
    const saved = await commit(
      cmi12({ lesson_location: '7', exit: 'suspend' }, { suspend_data: 'page=7;answers=abc' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ result: 'true', errorCode: 0, moduleStatus: 'STARTED', itemStatus: 'STARTED' });
    const resumed = await runtime.data(item);
    expect(resumed.cmi.core).toMatchObject({ entry: 'resume', lesson_location: '7', lesson_status: 'incomplete' });
    expect(resumed.cmi.suspend_data).toBe('page=7;answers=abc');
    // Write-only elements never come back.
    expect(resumed.cmi.core.exit).toBeUndefined();
    expect(resumed.cmi.core.session_time).toBeUndefined();
    await commit(cmi12({ lesson_location: '8', exit: '' }));
    expect((await runtime.data(item)).cmi.core).toMatchObject({ entry: '', lesson_location: '8' });
  });

  it('answers the data model error for suspend data over the limit and keeps the previous data', async () => {
    const { runtime, state, item } = await launch12();
    const commit = pageOf(runtime, state.session, item);
    await commit(cmi12({ lesson_location: '3', exit: 'suspend' }, { suspend_data: 'kept' }));
    const tooLong = await commit(cmi12({ lesson_location: '4' }, { suspend_data: 'x'.repeat(4097) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: 'scorm_data_invalid',
      result: 'false',
      errorCode: 405,
      details: { element: 'cmi.suspend_data' },
    });
    const longLocation = await commit(cmi12({ lesson_location: 'l'.repeat(256) }));
    expect(longLocation.json()).toMatchObject({ errorCode: 405, details: { element: 'cmi.core.lesson_location' } });
    const badStatus = await commit(cmi12({ lesson_status: 'done' }));
    expect(badStatus.json()).toMatchObject({ errorCode: 405, details: { element: 'cmi.core.lesson_status' } });
    const data = await runtime.data(item);
    expect(data.cmi.suspend_data).toBe('kept');
    expect(data.cmi.core.lesson_location).toBe('3');
    expect((await commit(cmi12({}, { suspend_data: 'y'.repeat(4096) }))).statusCode).toBe(200);
  });

  it('SCORM 2004: 64,000 characters of suspend data and 1,000 of location; beyond, 406 and nothing changes', async () => {
    const setup = await setupPackage(ctx, 'RuntimeBasicCalls_SCORM20043rdEdition');
    const runtime = onContentOrigin(
      await contentApp(),
      (await setup.preview()).json<{ launchUrl: string }>().launchUrl,
    );
    const state = await runtime.state();
    expect(state.version).toBe('scorm2004-3rd');
    const commit = pageOf(runtime, state.session, state.startItemId);
    expect(
      (await commit(cmi2004({ suspend_data: 's'.repeat(64_000), location: '2', exit: 'suspend' }))).statusCode,
    ).toBe(200);
    const over = await commit(cmi2004({ suspend_data: 's'.repeat(64_001), location: '3' }));
    expect(over.json()).toMatchObject({ errorCode: 406, details: { element: 'cmi.suspend_data' } });
    const location = await commit(cmi2004({ location: 'l'.repeat(1_001) }));
    expect(location.json()).toMatchObject({ errorCode: 406, details: { element: 'cmi.location' } });
    const range = await commit(cmi2004({ score: { scaled: '1.5' } }));
    expect(range.json()).toMatchObject({ errorCode: 407, details: { element: 'cmi.score.scaled' } });
    const data = await runtime.data(state.startItemId);
    expect(data.cmi).toMatchObject({
      entry: 'resume',
      location: '2',
      credit: 'no-credit',
      learner_name: 'Content, Clara',
    });
    expect((data.cmi.suspend_data as string).length).toBe(64_000);
  });

  it('refuses stale commits: a lower sequence of the same page, or any commit of an earlier page', async () => {
    const { runtime, item } = await launch12();
    const first = await runtime.state();
    const second = await runtime.state();
    expect(second.session > first.session).toBe(true);
    const body = (session: string, seq: number, location: string) => ({
      session,
      seq,
      instance: 1,
      itemId: item,
      cmi: cmi12({ lesson_location: location }),
    });
    expect((await runtime.commit(body(first.session, 5, 'five'))).statusCode).toBe(200);
    const replay = await runtime.commit(body(first.session, 4, 'four'));
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ error: 'scorm_stale_commit', result: 'false', errorCode: 101 });
    expect((await runtime.commit(body(first.session, 5, 'again'))).statusCode).toBe(409);
    expect((await runtime.commit(body(second.session, 1, 'newer page'))).statusCode).toBe(200);
    expect((await runtime.commit(body(first.session, 6, 'late beacon'))).statusCode).toBe(409);
    expect((await runtime.data(item)).cmi.core.lesson_location).toBe('newer page');
  });

  it('accumulates session_time into total_time once per API instance', async () => {
    const { runtime, state, item } = await launch12();
    const commit = pageOf(runtime, state.session, item);
    await commit(cmi12({ session_time: '00:00:30' }), 1);
    await commit(cmi12({ session_time: '00:01:00' }), 1);
    expect((await runtime.data(item)).cmi.core.total_time).toBe('0000:01:00.00');
    await commit(cmi12({ session_time: '00:00:30.5' }), 2);
    expect((await runtime.data(item)).cmi.core.total_time).toBe('0000:01:30.50');
    const nextPage = await runtime.state();
    await runtime.commit({
      session: nextPage.session,
      seq: 1,
      instance: 1,
      itemId: item,
      cmi: cmi12({ session_time: '01:00:00' }),
    });
    expect((await runtime.data(item)).cmi.core.total_time).toBe('0001:01:30.50');
  });

  it('maps 1.2 lesson status to the module status: passed and completed complete, failed finishes unpassed', async () => {
    const { runtime, state, item } = await launch12();
    const commit = pageOf(runtime, state.session, item);
    expect((await commit(cmi12({ lesson_status: 'browsed' }))).json()).toMatchObject({ moduleStatus: 'STARTED' });
    expect((await commit(cmi12({ lesson_status: 'failed' }))).json()).toMatchObject({ moduleStatus: 'COMPLETED' });
    expect((await runtime.state()).moduleStatus).toBe('COMPLETED');
    // A revisit never takes completion away.
    expect((await commit(cmi12({ lesson_status: 'incomplete' }))).json()).toMatchObject({ moduleStatus: 'COMPLETED' });
  });

  it('rolls multi-SCO status up to the module: completed only when every SCO is', async () => {
    const setup = await setupPackage(ctx, 'SequencingForcedSequential_SCORM20043rdEdition');
    const runtime = onContentOrigin(
      await contentApp(),
      (await setup.preview()).json<{ launchUrl: string }>().launchUrl,
    );
    const state = await runtime.state();
    expect(state.launchables).toHaveLength(5);
    expect(state.toc).toHaveLength(5);
    let seq = 0;
    const complete = (itemId: string) =>
      runtime.commit({
        session: state.session,
        seq: ++seq,
        instance: seq,
        itemId,
        cmi: cmi2004({ completion_status: 'completed', success_status: 'passed' }),
      });
    const items = state.launchables.map((l) => l.itemId);
    for (const itemId of items.slice(0, 4))
      expect((await complete(itemId)).json()).toMatchObject({ moduleStatus: 'STARTED' });
    expect((await runtime.state()).startItemId).toBe(items[3]);
    expect((await complete(items[4]!)).json()).toMatchObject({ moduleStatus: 'COMPLETED', itemStatus: 'COMPLETED' });
    const done = await runtime.state();
    expect(done.launchables.every((l) => l.status === 'COMPLETED')).toBe(true);
  });

  it('keeps previews apart from learners: a training attempt has its own data and progress', async () => {
    const setup = await launch12();
    const { deps } = ctx();
    const tenant = { id: setup.client.id, platformDomain: setup.client.host } as Tenant;
    const learner = await createUser(deps.db, setup.client, { first_name: 'Lea', last_name: 'Lernt' });
    const trainingId = '0190a0a0-0000-7000-8000-00000000abcd';
    const launched = await launchTrainingModule(deps, tenant, {
      userId: learner.id,
      trainingId,
      moduleId: setup.moduleId,
      locale: 'de-DE',
      cycle: 1,
    });
    const training = onContentOrigin(await contentApp(), launched.launchUrl);
    const trainingState = await training.state();
    expect(trainingState.preview).toBe(false);
    expect((await training.data(setup.item)).cmi.core).toMatchObject({ credit: 'credit', student_name: 'Lernt, Lea' });
    await pageOf(
      setup.runtime,
      setup.state.session,
      setup.item,
    )(cmi12({ lesson_status: 'passed', lesson_location: 'preview' }));
    const untouched = (await training.data(setup.item)).cmi.core;
    expect(untouched).toMatchObject({ entry: 'ab-initio' });
    expect(untouched.lesson_location).toBeUndefined();
    await pageOf(training, trainingState.session, setup.item)(cmi12({ lesson_location: 'learner' }));
    expect(await listTrainingProgress(deps.db, setup.client.id, trainingId)).toEqual([
      { userId: learner.id, moduleId: setup.moduleId, status: 'STARTED', successStatus: 'unknown', completedAt: null },
    ]);
    // The same learner launching again continues the same attempt.
    const again = await launchTrainingModule(deps, tenant, {
      userId: learner.id,
      trainingId,
      moduleId: setup.moduleId,
      locale: 'de-DE',
      cycle: 1,
    });
    expect((await onContentOrigin(await contentApp(), again.launchUrl).data(setup.item)).cmi.core.lesson_location).toBe(
      'learner',
    );
  });

  it('a preview relaunch continues the attempt; restart begins a fresh one', async () => {
    const setup = await launch12();
    await pageOf(setup.runtime, setup.state.session, setup.item)(cmi12({ lesson_location: '5', exit: 'suspend' }));
    const again = onContentOrigin(await contentApp(), (await setup.preview()).json<{ launchUrl: string }>().launchUrl);
    expect((await again.data(setup.item)).cmi.core).toMatchObject({ entry: 'resume', lesson_location: '5' });
    const fresh = onContentOrigin(
      await contentApp(),
      (await setup.preview(true)).json<{ launchUrl: string }>().launchUrl,
    );
    expect((await fresh.data(setup.item)).cmi.core).toMatchObject({ entry: 'ab-initio' });
  });

  it('replacing the package keeps the saved runtime data and the module status', async () => {
    const setup = await launch12();
    await pageOf(
      setup.runtime,
      setup.state.session,
      setup.item,
    )(cmi12({ lesson_status: 'passed', lesson_location: '9', exit: 'suspend' }, { suspend_data: 'before' }));
    const replaced = await uploadModule(
      setup.content,
      setup.courseId,
      await golfZip('ContentPackagingSingleSCO_SCORM12'),
      {
        moduleId: setup.moduleId,
      },
    );
    expect(replaced.statusCode).toBe(200);
    const again = onContentOrigin(await contentApp(), (await setup.preview()).json<{ launchUrl: string }>().launchUrl);
    const state = await again.state();
    expect(state.moduleStatus).toBe('COMPLETED');
    const data = await again.data(state.startItemId);
    expect(data.cmi.core).toMatchObject({ entry: 'resume', lesson_location: '9', lesson_status: 'passed' });
    expect(data.cmi.suspend_data).toBe('before');
  });

  it('accepts the final commit as a text/plain beacon', async () => {
    const { runtime, state, item } = await launch12();
    const res = await runtime.commit(
      {
        session: state.session,
        seq: 1,
        instance: 1,
        itemId: item,
        terminate: true,
        cmi: cmi12({ lesson_location: 'beacon' }),
      },
      'text/plain;charset=UTF-8',
    );
    expect(res.statusCode).toBe(200);
    expect((await runtime.data(item)).cmi.core.lesson_location).toBe('beacon');
  });

  it('answers 400 for a malformed commit and 404 for an unknown item', async () => {
    const { runtime, state, item } = await launch12();
    expect((await runtime.commit({ session: state.session, seq: 0, instance: 1, itemId: item })).statusCode).toBe(400);
    expect((await runtime.commit({ seq: 1, instance: 1, itemId: item })).statusCode).toBe(400);
    const unknown = await runtime.commit({ session: state.session, seq: 1, instance: 1, itemId: 'nope', cmi: cmi12() });
    expect(unknown.statusCode).toBe(404);
    expect((await runtime.get(`/runtime/${runtime.token}/data?item=nope`)).statusCode).toBe(404);
    expect((await runtime.get(`/runtime/${runtime.token}/data`)).statusCode).toBe(400);
  });

  it('preview-launch: 403 for participants, 404 for another client or a module of another course, 400 for bad ids', async () => {
    const setup = await launch12();
    const { app, deps } = ctx();
    const participant = await signIn(app, await createUser(deps.db, setup.client));
    const url = `/api/courses/${setup.courseId}/modules/${setup.moduleId}/preview-launch`;
    expect((await participant.post(url, {})).statusCode).toBe(403);
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await foreign.post(url, {})).statusCode).toBe(404);
    const otherCourse = (
      await setup.content.post('/api/courses', { i18n: { 'de-DE': { title: 'X', description: '' } } })
    ).json<{ id: string }>().id;
    expect(
      (await setup.content.post(`/api/courses/${otherCourse}/modules/${setup.moduleId}/preview-launch`, {})).statusCode,
    ).toBe(404);
    expect(
      (await setup.content.post(`/api/courses/${setup.courseId}/modules/nope/preview-launch`, {})).statusCode,
    ).toBe(400);
    expect((await setup.content.post(url, { restart: 'yes' })).statusCode).toBe(400);
  });
});
