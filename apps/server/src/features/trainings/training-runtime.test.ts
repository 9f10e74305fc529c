import { expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { TINY_PDF, moduleData, uploadModule } from '../modules/test-upload';
import { contentAppFor, onContentOrigin, setupPackage } from '../scorm-runtime/test-runtime';
import { idOf } from './test-trainings';

const cmi12 = (lessonStatus: string) => ({
  core: { lesson_location: '', lesson_status: lessonStatus, exit: '', session_time: '00:00:10' },
  suspend_data: '',
});

describeEachDialect('trainings and the SCORM runtime', (ctx) => {
  const contentApp = contentAppFor(ctx);

  /** A SCORM 1.2 module followed by a PDF module; a training of a group with one learner. */
  const setup = async () => {
    const { app, deps } = ctx();
    const pkg = await setupPackage(ctx, 'RuntimeBasicCalls_SCORM12');
    const pdf = idOf(
      await uploadModule(
        pkg.content,
        pkg.courseId,
        { content: TINY_PDF, filename: 'a.pdf' },
        { data: moduleData('PDF') },
      ),
    );
    const admin = await signIn(app, await createUser(deps.db, pkg.client, { role: 'ADMIN' }));
    const user = await createUser(deps.db, pkg.client, { first_name: 'Lea', last_name: 'Lernt' });
    const group = await createGroup(deps.db, pkg.client, { members: [user] });
    const trainingId = idOf(await admin.post('/api/course-training', { courseId: pkg.courseId, groupIds: [group.id] }));
    return { ...pkg, admin, pdf, trainingId, learner: await signIn(app, user), user };
  };

  it('a learner launch checks participation and locking; the runtime commit writes module value and training status', async () => {
    const { learner, admin, trainingId, moduleId, pdf, preview, user } = await setup();
    const locked = await learner.post(`/api/course-training/${trainingId}/module/${pdf}/launch`);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: 'module_locked', details: { unlockedBy: moduleId } });

    // A content master's preview of the same module never counts.
    const previewRuntime = onContentOrigin(
      await contentApp(),
      (await preview()).json<{ launchUrl: string }>().launchUrl,
    );
    const previewState = await previewRuntime.state();
    await previewRuntime.commit({
      session: previewState.session,
      seq: 1,
      instance: 1,
      itemId: previewState.startItemId,
      cmi: cmi12('completed'),
    });
    expect((await learner.get(`/api/user-course-trainings/${trainingId}`)).json()).toMatchObject({ status: 'PENDING' });

    const launched = await learner.post(`/api/course-training/${trainingId}/module/${moduleId}/launch`);
    expect(launched.statusCode).toBe(200);
    const runtime = onContentOrigin(await contentApp(), launched.json<{ launchUrl: string }>().launchUrl);
    const state = await runtime.state();
    expect(state.preview).toBe(false);
    expect((await learner.get(`/api/user-course-trainings/${trainingId}`)).json()).toMatchObject({
      status: 'STARTED',
      modules: [
        { id: moduleId, status: 'STARTED' },
        { id: pdf, locked: true },
      ],
    });
    const commit = (seq: number, status: string) =>
      runtime.commit({ session: state.session, seq, instance: 1, itemId: state.startItemId, cmi: cmi12(status) });
    expect((await commit(1, 'incomplete')).json()).toMatchObject({ moduleStatus: 'STARTED' });
    expect((await commit(2, 'passed')).json()).toMatchObject({ moduleStatus: 'COMPLETED' });
    const after = await learner.get(`/api/user-course-trainings/${trainingId}`);
    expect(after.json()).toMatchObject({
      status: 'STARTED',
      progress: { completed: 1, required: 2 },
      nextModuleId: pdf,
      modules: [
        { id: moduleId, status: 'COMPLETED' },
        { id: pdf, locked: false, status: 'PENDING' },
      ],
    });

    // The PDF in the player completes by being opened (an asset commit), and with it the training.
    const pdfLaunch = await learner.post(`/api/course-training/${trainingId}/module/${pdf}/launch`);
    const pdfRuntime = onContentOrigin(await contentApp(), pdfLaunch.json<{ launchUrl: string }>().launchUrl);
    const pdfState = await pdfRuntime.state();
    await pdfRuntime.commit({ session: pdfState.session, seq: 1, instance: 1, itemId: pdfState.startItemId });
    const done = await admin.get(`/api/course-training-user-value/${trainingId}/get-status-of-all-users`);
    expect(done.json()).toMatchObject({
      total: 1,
      counts: { completed: 1 },
      items: [
        {
          userId: user.id,
          status: 'COMPLETED',
          completedModules: 2,
          requiredModules: 2,
          modules: [
            { moduleId, status: 'COMPLETED' },
            { moduleId: pdf, status: 'COMPLETED' },
          ],
        },
      ],
    });
  });
});
