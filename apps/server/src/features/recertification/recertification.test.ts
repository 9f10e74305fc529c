import { afterEach, expect, it, vi } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect, type TestContext } from '../../../test/test-app';
import { nowIso } from '../../platform/ids';
import { runDueJobs } from '../../platform/jobs';
import { pdfText, runCertificateJobs } from '../certificates/test-certificates';
import { golfZip, moduleData, uploadModule } from '../modules/test-upload';
import { idOf, trainingWorld } from '../trainings/test-trainings';
import { createValidityRecomputeHandler } from '../trainings/validity-recompute.job';
import { runRecertification } from './recertification.job';

// Issue 30 point 1 on a fake clock (only Date is faked; timers, sockets and the databases run as ever): a completion
// holds 12 months, the renewal window opens 30 days before its end and starts the next cycle, a lapse without a
// renewal is EXPIRED, and every mail and notification goes out once however often (and however concurrently) the
// daily job runs. Its files stay on local disk in the S3 run too (the end of this file says why).

const at = (iso: string) => vi.setSystemTime(new Date(iso));

afterEach(() => {
  vi.useRealTimers();
});

describeEachDialect(
  'recertification',
  (ctx) => {
    const count = async (c: TestContext, clientId: string, kind: string) =>
      (
        await c.deps.db
          .selectFrom('mail_queue')
          .select('to_address')
          .where('client_id', '=', clientId)
          .where('template_kind', '=', kind)
          .execute()
      ).map((r) => r.to_address);
    const notified = async (c: TestContext, clientId: string, type: string) =>
      (
        await c.deps.db
          .selectFrom('messages')
          .select('recipient_id')
          .where('client_id', '=', clientId)
          .where('notification_type', '=', type)
          .execute()
      ).map((r) => r.recipient_id);

    it('runs two cycles: complete, window opens, renewal mail, new attempt, complete again; a second person lapses to expired', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at('2027-01-10T08:00:00.000Z');
      const c = ctx();
      const { app, deps } = c;
      const w = await trainingWorld(ctx, { members: 2, required: [0] });
      const [alice, bob] = w.members as [(typeof w.members)[0], (typeof w.members)[0]];
      const coordinatorUser = await createUser(deps.db, w.client, { role: 'COORDINATOR', locale: 'de-DE' });
      await deps.db
        .insertInto('group_coordinators')
        .values({ group_id: w.group.id, user_id: coordinatorUser.id, client_id: w.client.id, created_at: nowIso() })
        .execute();
      // A SCORM module after the required PDF: locked until the PDF is completed, in every cycle.
      const scorm = idOf(
        await uploadModule(w.admin, w.courseId, await golfZip('RuntimeBasicCalls_SCORM12'), {
          data: moduleData('SCORM', 10),
        }),
      );
      const [pdf] = w.moduleIds as [string];
      const template = idOf(
        await w.admin.post('/api/certificate-template', {
          name: 'Standard',
          locales: { 'de-DE': { subtitle: 'Bescheinigung', body: '{{name}}: {{course}} am {{date}}' } },
        }),
      );
      expect(
        (
          await w.admin.post(`/api/courses/${w.courseId}`, {
            i18n: { 'de-DE': { title: 'Arbeitssicherheit', description: '' } },
            requiredModuleIds: [pdf],
            certificateTemplateId: template,
          })
        ).statusCode,
      ).toBe(200);
      const created = await w.admin.post('/api/course-training', {
        courseId: w.courseId,
        groupIds: [w.group.id],
        validity: { months: 12, renewalDays: 30 },
      });
      expect(created.json()).toMatchObject({
        validity: { months: 12, renewalDays: 30 },
        effectiveValidity: { months: 12, renewalDays: 30 },
      });
      const trainingId = idOf(created);

      // Cycle 1: both complete; the SCORM module is locked before the PDF and launched after it.
      let a = await signIn(app, alice);
      const locked = await a.post(`/api/course-training/${trainingId}/module/${scorm}/launch`, {});
      expect(locked.json()).toMatchObject({ error: 'module_locked' });
      expect((await a.post(`/api/course-training-user-value/${trainingId}/${pdf}`, {})).json()).toMatchObject({
        trainingStatus: 'COMPLETED',
      });
      expect((await a.post(`/api/course-training/${trainingId}/module/${scorm}/launch`, {})).statusCode).toBe(200);
      let b = await signIn(app, bob);
      await b.post(`/api/course-training-user-value/${trainingId}/${pdf}`, {});
      await runCertificateJobs(ctx);
      const mine = await a.get(`/api/user-course-trainings/${trainingId}`);
      expect(mine.json()).toMatchObject({
        status: 'COMPLETED',
        cycle: 1,
        validUntil: '2028-01-10T08:00:00.000Z',
        renewalOpensAt: '2027-12-11T08:00:00.000Z',
        validity: 'valid',
      });
      const firstCertificates = (await a.get('/api/course-certificate')).json<{ items: { id: string }[] }>().items;
      expect(firstCertificates).toEqual([
        expect.objectContaining({ cycle: 1, validUntil: '2028-01-10T08:00:00.000Z', validity: 'valid' }),
      ]);

      // The window opens: the job (run twice) starts cycle 2 for both, once.
      at('2027-12-15T06:00:00.000Z');
      expect(await runRecertification(deps, nowIso())).toMatchObject({ opened: 2, expired: 0 });
      expect(await runRecertification(deps, nowIso())).toMatchObject({ opened: 0, expired: 0, summaries: 0 });
      a = await signIn(app, alice);
      const renewing = (await a.get(`/api/user-course-trainings/${trainingId}`)).json<{
        modules: { id: string; status: string; locked: boolean }[];
      }>();
      expect(renewing).toMatchObject({
        status: 'PENDING',
        cycle: 2,
        completedAt: null,
        validUntil: '2028-01-10T08:00:00.000Z',
        validity: 'expiring',
      });
      expect(renewing.modules.find((m) => m.id === pdf)).toMatchObject({ status: 'PENDING' });
      expect(renewing.modules.find((m) => m.id === scorm)).toMatchObject({ locked: true });
      expect((await a.post(`/api/course-training/${trainingId}/module/${scorm}/launch`, {})).json()).toMatchObject({
        error: 'module_locked',
      });
      expect((await count(c, w.client.id, 'recertification_due')).sort()).toEqual([alice.email, bob.email].sort());
      expect(await count(c, w.client.id, 'recertification_due_coordinator')).toEqual([coordinatorUser.email]);
      expect((await notified(c, w.client.id, 'recertification_due')).sort()).toEqual([alice.id, bob.id].sort());
      expect(await notified(c, w.client.id, 'recertification_due_summary')).toEqual([coordinatorUser.id]);
      const admin = await signIn(app, await createUser(deps.db, w.client, { role: 'ADMIN' }));
      const table = (query: Record<string, string>) =>
        admin.get(`/api/course-training-user-value/${trainingId}/get-status-of-all-users`, query);
      expect((await table({ validity: 'expiring' })).json()).toMatchObject({ total: 2 });

      // Cycle 2: Alice completes again and launches the SCORM module anew (no resume of cycle 1's attempt).
      at('2027-12-20T09:00:00.000Z');
      a = await signIn(app, alice);
      await a.post(`/api/course-training-user-value/${trainingId}/${pdf}`, {});
      expect((await a.post(`/api/course-training/${trainingId}/module/${scorm}/launch`, {})).statusCode).toBe(200);
      const attempts = await deps.db
        .selectFrom('scorm_attempts')
        .select(['kind', 'cycle'])
        .where('user_id', '=', alice.id)
        .where('module_id', '=', scorm)
        .orderBy('cycle')
        .execute();
      expect(attempts).toEqual([
        { kind: 'archived', cycle: 1 },
        { kind: 'training', cycle: 2 },
      ]);
      await runCertificateJobs(ctx);
      const cycles = (await a.get(`/api/user-course-trainings/${trainingId}/cycles`)).json<{
        items: { cycle: number; certificateId: string | null }[];
      }>();
      expect(cycles.items).toEqual([
        expect.objectContaining({
          cycle: 2,
          current: true,
          status: 'COMPLETED',
          completedAt: '2027-12-20T09:00:00.000Z',
          validUntil: '2028-12-20T09:00:00.000Z',
          closedAt: null,
        }),
        expect.objectContaining({
          cycle: 1,
          current: false,
          status: 'COMPLETED',
          completedAt: '2027-01-10T08:00:00.000Z',
          completedModules: 1,
          requiredModules: 1,
          validUntil: '2028-01-10T08:00:00.000Z',
          closedAt: '2027-12-15T06:00:00.000Z',
        }),
      ]);
      const certificateIds = cycles.items.map((i) => i.certificateId);
      expect(certificateIds.every((id) => typeof id === 'string')).toBe(true);
      expect(new Set(certificateIds).size).toBe(2);
      const coordinator = await signIn(app, coordinatorUser);
      const seen = await coordinator.get(`/api/course-training/${trainingId}/participants/${alice.id}/cycles`);
      expect(seen.json()).toEqual(cycles);
      for (const who of [a, coordinator]) {
        for (const id of certificateIds) {
          const file = await who.get(`/api/course-certificate/${id}/download`);
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-type']).toBe('application/pdf');
        }
      }
      // Each PDF prints until when it holds: cycle 2's to December 2028, cycle 1's to January 2028.
      const printed = await Promise.all(
        certificateIds.map(async (id) => pdfText((await a.get(`/api/course-certificate/${id}/download`)).rawPayload)),
      );
      expect(printed[0]).toContain('Valid until: December 20, 2028');
      expect(printed[1]).toContain('Valid until: January 10, 2028');

      // Bob lets the validity lapse; two processes run the job at once, and again: he is EXPIRED, told once.
      at('2028-01-11T06:00:00.000Z');
      const both = await Promise.all([runRecertification(deps, nowIso()), runRecertification(deps, nowIso())]);
      expect(both.reduce((n, r) => n + r.expired, 0)).toBe(1);
      expect(both.reduce((n, r) => n + r.opened, 0)).toBe(0);
      expect(await runRecertification(deps, nowIso())).toMatchObject({ opened: 0, expired: 0, summaries: 0 });
      b = await signIn(app, bob);
      expect((await b.get(`/api/user-course-trainings/${trainingId}`)).json()).toMatchObject({
        status: 'EXPIRED',
        validity: 'expired',
        validUntil: '2028-01-10T08:00:00.000Z',
      });
      const adminAgain = await signIn(app, await createUser(deps.db, w.client, { role: 'ADMIN' }));
      const filtered = (query: Record<string, string>) =>
        adminAgain
          .get(`/api/course-training-user-value/${trainingId}/get-status-of-all-users`, query)
          .then((r) => r.json<{ items: { userId: string; validity: string | null }[]; counts: object }>());
      const expired = await filtered({ validity: 'expired' });
      expect(expired.items.map((i) => i.userId)).toEqual([bob.id]);
      expect(expired.counts).toMatchObject({ expired: 1, completed: 1 });
      expect((await filtered({ status: 'EXPIRED' })).items.map((i) => i.userId)).toEqual([bob.id]);
      expect((await filtered({ validity: 'valid' })).items).toEqual([
        expect.objectContaining({ userId: alice.id, validity: 'valid', cycle: 2 }),
      ]);
      expect((await filtered({ validity: 'expiring' })).items).toEqual([]);
      expect(await count(c, w.client.id, 'certification_expired')).toEqual([bob.email]);
      expect(await count(c, w.client.id, 'certification_expired_coordinator')).toEqual([coordinatorUser.email]);
      expect(await notified(c, w.client.id, 'certification_expired')).toEqual([bob.id]);
      expect(await notified(c, w.client.id, 'certification_expired_summary')).toEqual([coordinatorUser.id]);
      expect(await count(c, w.client.id, 'recertification_due')).toHaveLength(2);
      // Alice's first certificate has expired, her second holds.
      a = await signIn(app, alice);
      const certificates = (await a.get('/api/course-certificate')).json<{ items: object[] }>().items;
      expect(certificates).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ cycle: 1, validity: 'expired' }),
          expect.objectContaining({ cycle: 2, validity: 'valid', validUntil: '2028-12-20T09:00:00.000Z' }),
        ]),
      );
      expect(certificates).toHaveLength(2);
      const documents = await adminAgain.get('/api/users/allDocuments', { search: alice.email });
      expect(documents.json<{ items: object[] }>().items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ cycle: 1, validity: 'expired' }),
          expect.objectContaining({ cycle: 2, validity: 'valid' }),
        ]),
      );

      // The mails reach the SMTP server: the coordinator's summary names the people of their group.
      const smtp = await startTestSmtp();
      try {
        await drainJobs(workerDeps(deps, { smtpUrl: smtp.url }), [mailHandler()], new TestClock());
        const mails = await smtp.waitForMessages(6);
        const summary = mails.find((m) => m.subject?.startsWith('Zertifizierungen abgelaufen'));
        const bobRow = await deps.db
          .selectFrom('users')
          .select(['first_name', 'last_name'])
          .where('id', '=', bob.id)
          .executeTakeFirstOrThrow();
        expect(summary?.text).toContain(`${bobRow.first_name} ${bobRow.last_name}`);
        expect(mails.filter((m) => m.subject?.includes('has expired'))).toHaveLength(1);
      } finally {
        await smtp.stop();
      }
    });

    it("a course's validity applies to trainings that follow it; a change recomputes every date as one job with progress", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at('2027-03-01T10:00:00.000Z');
      const { deps } = ctx();
      const w = await trainingWorld(ctx, { members: 2, required: [0] });
      const course = (await w.admin.get(`/api/courses/${w.courseId}`)).json<Record<string, unknown>>();
      expect(course.validity).toEqual({ months: null, renewalDays: 30 });
      const body = {
        i18n: { 'de-DE': { title: 'Arbeitssicherheit', description: '' } },
        requiredModuleIds: [w.moduleIds[0]],
        validity: { months: 6, renewalDays: 14 },
      };
      expect((await w.admin.post(`/api/courses/${w.courseId}`, body)).json()).toMatchObject({
        validity: { months: 6, renewalDays: 14 },
      });
      const trainingId = idOf(
        await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }),
      );
      for (const member of w.members) {
        const s = await signIn(ctx().app, member);
        await s.post(`/api/course-training-user-value/${trainingId}/${w.moduleIds[0]}`, {});
      }
      const dates = () =>
        deps.db
          .selectFrom('training_participants')
          .select(['valid_until', 'renewal_opens_at'])
          .where('training_id', '=', trainingId)
          .execute();
      expect(await dates()).toEqual([
        { valid_until: '2027-09-01T10:00:00.000Z', renewal_opens_at: '2027-08-18T10:00:00.000Z' },
        { valid_until: '2027-09-01T10:00:00.000Z', renewal_opens_at: '2027-08-18T10:00:00.000Z' },
      ]);
      expect(
        (await w.admin.post(`/api/courses/${w.courseId}`, { ...body, validity: { months: 24, renewalDays: 60 } }))
          .statusCode,
      ).toBe(200);
      const job = await deps.db
        .selectFrom('jobs')
        .select(['id', 'progress_total'])
        .where('kind', '=', 'trainings.validity-recompute')
        .executeTakeFirstOrThrow();
      expect(job.progress_total).toBe(2);
      while (
        (await runDueJobs(deps, [createValidityRecomputeHandler()], { now: () => new Date(Date.now() + 5_000) })) > 0
      );
      expect(await dates()).toEqual([
        { valid_until: '2029-03-01T10:00:00.000Z', renewal_opens_at: '2028-12-31T10:00:00.000Z' },
        { valid_until: '2029-03-01T10:00:00.000Z', renewal_opens_at: '2028-12-31T10:00:00.000Z' },
      ]);
      const done = (await w.admin.get(`/api/jobs/${job.id}`)).json();
      expect(done).toMatchObject({ status: 'succeeded', progress: { total: 2, done: 2 } });

      // The training's own validity wins ("never": no end), and its change is a job too.
      const own = await w.admin.post(`/api/course-training/${trainingId}`, {
        validity: { months: null, renewalDays: 0 },
      });
      expect(own.json()).toMatchObject({ validity: { months: null }, effectiveValidity: { months: null } });
      while (
        (await runDueJobs(deps, [createValidityRecomputeHandler()], { now: () => new Date(Date.now() + 5_000) })) > 0
      );
      expect(await dates()).toEqual([
        { valid_until: null, renewal_opens_at: null },
        { valid_until: null, renewal_opens_at: null },
      ]);
      const bad = await w.admin.post(`/api/course-training/${trainingId}`, {
        validity: { months: 0, renewalDays: 10 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    });
  },
  // Files on local disk, also in the S3 run: an S3 request is signed with the time, and every S3 server refuses one
  // signed on a clock faked a year ahead (RequestTimeTooSkewed). Storage has its own S3 tests.
  { storage: { kind: 'local' } },
);
