import { expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import type { Db } from '../../db/database';
import { verifyAuditChain } from '../../platform/audit/audit';
import { fileStore } from '../../platform/storage';
import { writeClientSetting } from '../clients';
import { removeDueCertificates, removeExpiredExports } from './gdpr-cleanup';
import { gdprWorld, needlesOf, runGdprJobs, searchDatabase, searchStorage, unzip } from './test-gdpr';

interface Export {
  id: string;
  jobId: string;
  status: string;
  size: number | null;
}

describeEachDialect('GDPR requests', (ctx) => {
  it('a participant downloads "my data": one zip with profile, trainings, SCORM results, certificates (PDF), messages, appointment requests, audit entries and a summary in their language; a mail without a secret says it is ready', async () => {
    const w = await gdprWorld(ctx);
    const { PERSON } = w;
    // A closed recertification cycle (issue 30 point 1) belongs to the person's trainings too.
    await ctx()
      .deps.db.insertInto('training_cycles')
      .values({
        client_id: w.client.id,
        training_id: w.trainingId,
        user_id: w.person.id,
        cycle: 1,
        status: 'COMPLETED',
        started_at: '2025-11-01T08:00:00.000Z',
        completed_at: '2025-11-02T09:00:00.000Z',
        completed_modules: 2,
        required_modules: 2,
        valid_until: '2026-11-02T09:00:00.000Z',
        closed_at: '2026-10-03T05:30:00.000Z',
      })
      .execute();
    const started = await w.personCaller.post('/api/gdpr/exports');
    expect(started.statusCode).toBe(200);
    const exp = started.json<Export>();
    expect(exp.status).toBe('queued');
    await runGdprJobs(ctx);

    const job = (await w.personCaller.get(`/api/jobs/${exp.jobId}`)).json<{
      status: string;
      progress: { done: number; total: number };
    }>();
    expect(job.status).toBe('succeeded');
    expect(job.progress.done).toBe(job.progress.total);
    const list = (await w.personCaller.get('/api/gdpr/exports')).json<{ items: Export[] }>();
    expect(list.items[0]).toMatchObject({ id: exp.id, status: 'ready' });

    const res = await w.personCaller.get(`/api/gdpr/exports/${exp.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.rawPayload);
    const json = (name: string) => JSON.parse(files.get(name)?.toString('utf8') ?? 'null') as Record<string, unknown>;

    const summary = files.get('summary.html')?.toString('utf8') ?? '';
    expect(summary).toContain('<html lang="en-US">');
    expect(summary).toContain('Your stored data');
    expect(summary).toContain(PERSON.personell_number);
    expect(summary).toContain('Brandschutz (en)');

    const profile = json('profile.json') as {
      user: Record<string, unknown>;
      groups: { name: string }[];
      sessions: unknown[];
    };
    expect(profile.user).toMatchObject({
      firstName: PERSON.first_name,
      lastName: PERSON.last_name,
      email: PERSON.email,
      personnelNumber: PERSON.personell_number,
      company: 'Firma A',
      street: 'Lindenweg 12',
    });
    expect(profile.groups.map((g) => g.name)).toEqual(['Schicht B']);
    expect(profile.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(profile)).not.toContain('password');

    const trainings = json('trainings.json') as {
      participations: Record<string, unknown>[];
      moduleStatuses: unknown[];
      cycles: Record<string, unknown>[];
    };
    expect(trainings.participations).toEqual([
      expect.objectContaining({ trainingId: w.trainingId, status: 'COMPLETED', courseTitle: 'Brandschutz (en)' }),
    ]);
    expect(trainings.moduleStatuses).toHaveLength(2);
    expect(trainings.cycles).toEqual([
      expect.objectContaining({ trainingId: w.trainingId, cycle: 1, status: 'COMPLETED', completedModules: 2 }),
    ]);

    const scorm = JSON.parse(files.get('scorm.json')?.toString('utf8') ?? '[]') as {
      scos: { cmi: Record<string, string> }[];
    }[];
    expect(scorm).toHaveLength(1);
    expect(scorm[0]?.scos[0]?.cmi['cmi.core.score.raw']).toBe('87');

    const certificates = JSON.parse(files.get('certificates.json')?.toString('utf8') ?? '[]') as {
      id: string;
      file: string;
    }[];
    expect(certificates).toEqual([
      expect.objectContaining({ id: w.certificateId, file: `certificates/${w.certificateId}.pdf` }),
    ]);
    expect(files.get(`certificates/${w.certificateId}.pdf`)?.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const messages = json('messages.json') as { received: { body: string }[]; sent: { subject: string }[] };
    expect(messages.received.map((m) => m.body).join()).toContain('bitte melden');
    expect(messages.sent.map((m) => m.subject)).toEqual(['Frage']);

    const appointments = JSON.parse(files.get('appointments.json')?.toString('utf8') ?? '[]') as { phone: string }[];
    expect(appointments).toEqual([
      expect.objectContaining({ phone: '+49 561 1234567', contactName: 'Beraterin Berta' }),
    ]);

    const audit = JSON.parse(files.get('audit.json')?.toString('utf8') ?? '[]') as {
      action: string;
      aboutYou: boolean;
    }[];
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['user.updated', 'gdpr.export-requested']));

    const mail = await ctx()
      .deps.db.selectFrom('mail_queue')
      .select(['to_address', 'body_text', 'subject'])
      .where('template_kind', '=', 'gdpr_export_ready')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(PERSON.email);
    expect(mail.subject).toBe('Your data export is ready – ' + (await clientName(ctx, w.client.id)));
    expect(mail.body_text).toContain('/account');
    expect(mail.body_text).not.toContain(exp.id);
    expect(mail.body_text).not.toContain('token');
  });

  it("an admin exports another user of their client and downloads it; a participant cannot ask for or open another person's export, a coordinator cannot export, another client sees nothing", async () => {
    const w = await gdprWorld(ctx);
    const { app, deps } = ctx();
    const started = await w.admin.post(`/api/users/${w.person.id}/gdpr-exports`);
    expect(started.statusCode).toBe(200);
    const exp = started.json<Export>();
    await runGdprJobs(ctx);
    expect(
      (await w.admin.get(`/api/users/${w.person.id}/gdpr-exports`)).json<{ items: Export[] }>().items[0],
    ).toMatchObject({
      id: exp.id,
      status: 'ready',
    });
    expect((await w.admin.get(`/api/gdpr/exports/${exp.id}/download`)).statusCode).toBe(200);
    // The person sees the export an admin made of their data too (it is theirs) and may download it.
    expect((await w.personCaller.get(`/api/gdpr/exports/${exp.id}/download`)).statusCode).toBe(200);

    const peer = await signIn(app, await createUser(deps.db, w.client));
    expect((await peer.post(`/api/users/${w.person.id}/gdpr-exports`)).statusCode).toBe(403);
    expect((await peer.get(`/api/users/${w.person.id}/gdpr-exports`)).statusCode).toBe(403);
    expect((await peer.get(`/api/gdpr/exports/${exp.id}/download`)).json()).toMatchObject({ error: 'not_found' });
    const coordinator = await signIn(app, await createUser(deps.db, w.client, { role: 'COORDINATOR' }));
    expect((await coordinator.post(`/api/users/${w.person.id}/gdpr-exports`)).statusCode).toBe(403);
    expect((await coordinator.post(`/api/users/${w.person.id}/erase`, { confirm: true })).statusCode).toBe(403);
    expect((await w.admin.post('/api/users/not-an-id/gdpr-exports')).json()).toMatchObject({
      error: 'validation_failed',
    });

    // Past its days, the retention clean-up removes the zip; the row stays as "expired".
    const row = await deps.db
      .selectFrom('gdpr_exports')
      .select('file_key')
      .where('id', '=', exp.id)
      .executeTakeFirstOrThrow();
    const key = row.file_key as string;
    expect(await fileStore(deps.config).stat(key)).toBeDefined();
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await removeExpiredExports(deps, later, 100)).toBeGreaterThanOrEqual(1);
    expect(await fileStore(deps.config).stat(key)).toBeUndefined();
    const listed = (await w.admin.get(`/api/users/${w.person.id}/gdpr-exports`)).json<{ items: Export[] }>();
    expect(listed.items[0]).toMatchObject({ status: 'expired' });
    expect((await w.admin.get(`/api/gdpr/exports/${exp.id}/download`)).statusCode).toBe(404);
  });

  it('erasure: nothing in the database or storage names the person any more, the statistics and status counts are unchanged, the audit chain still verifies', async () => {
    const w = await gdprWorld(ctx);
    const { PERSON } = w;
    const { deps, dialect } = ctx();
    // An export made before the erasure: its zip goes with the person.
    await w.personCaller.post('/api/gdpr/exports');
    await runGdprJobs(ctx);
    expect((await searchDatabase(deps.db, dialect, needlesOf(PERSON))).length).toBeGreaterThan(0);
    expect((await searchStorage(ctx, needlesOf(PERSON))).length).toBeGreaterThan(0);
    const stats = (await w.admin.get(`/api/course-training/${w.trainingId}/statistics`)).json<unknown>();
    const training = (await w.admin.get(`/api/course-training/${w.trainingId}`)).json<{ counts: unknown }>();
    expect(training.counts).toMatchObject({ participants: 2, completed: 1 });

    expect((await w.admin.post(`/api/users/${w.person.id}/erase`, {})).json()).toMatchObject({
      error: 'validation_failed',
    });
    const erased = await w.admin.post(`/api/users/${w.person.id}/erase`, { confirm: true });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ userId: w.person.id, certificatesDeleted: 1, certificatesKept: 0 });

    expect(await searchDatabase(deps.db, dialect, needlesOf(PERSON))).toEqual([]);
    expect(await searchStorage(ctx, needlesOf(PERSON))).toEqual([]);
    expect((await w.admin.get(`/api/course-training/${w.trainingId}/statistics`)).json()).toEqual(stats);
    expect((await w.admin.get(`/api/course-training/${w.trainingId}`)).json<{ counts: unknown }>().counts).toEqual(
      training.counts,
    );
    expect((await verifyAuditChain(deps.db, w.client.id)).broken).toBeNull();
    const entry = await deps.db
      .selectFrom('audit_entries')
      .select(['action', 'personal'])
      .where('client_id', '=', w.client.id)
      .where('action', '=', 'gdpr.erased')
      .executeTakeFirstOrThrow();
    expect(entry.personal).toBeNull();
    // The session is gone; the person cannot sign in again.
    expect((await w.personCaller.get('/api/gdpr/exports')).statusCode).toBe(401);
    // Erasing again answers the erasure made; exporting an erased person finds nobody.
    expect((await w.admin.post(`/api/users/${w.person.id}/erase`, { confirm: true })).statusCode).toBe(200);
    expect((await w.admin.post(`/api/users/${w.person.id}/gdpr-exports`)).statusCode).toBe(404);
  });

  it("erasure keeps the certificates for the client's legal period (certificateKeepYears), and the retention clean-up deletes them after it", async () => {
    const w = await gdprWorld(ctx);
    const { deps } = ctx();
    await writeClientSetting(deps.db, w.client.id, 'certificateKeepYears', 2);
    const erased = (await w.admin.post(`/api/users/${w.person.id}/erase`, { confirm: true })).json<{
      certificatesKept: number;
      certificatesUntil: string;
    }>();
    expect(erased.certificatesKept).toBe(1);
    expect(new Date(erased.certificatesUntil).getFullYear()).toBe(new Date().getFullYear() + 2);
    const kept = await deps.db
      .selectFrom('course_certificates')
      .select('file_key')
      .where('user_id', '=', w.person.id)
      .execute();
    expect(kept).toHaveLength(1);
    // The period ends: the clean-up removes rows and file.
    await deps.db
      .updateTable('gdpr_erasures')
      .set({ certificates_until: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', w.person.id)
      .execute();
    expect(await removeDueCertificates(deps, new Date(), 100)).toBe(1);
    expect(
      await deps.db.selectFrom('course_certificates').select('id').where('user_id', '=', w.person.id).execute(),
    ).toEqual([]);
    expect(await fileStore(deps.config).stat(kept[0]?.file_key as string)).toBeUndefined();
  });

  it("an admin cannot erase themself or someone of a higher rank; another client's user is not found", async () => {
    const w = await gdprWorld(ctx);
    const { app, deps } = ctx();
    const adminRow = await deps.db
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', w.client.id)
      .where('role', '=', 'ADMIN')
      .executeTakeFirstOrThrow();
    expect((await w.admin.post(`/api/users/${adminRow.id}/erase`, { confirm: true })).json()).toMatchObject({
      error: 'cannot_delete_self',
    });
    const superadmin = await createUser(deps.db, w.client, { role: 'SUPERADMIN' });
    expect((await w.admin.post(`/api/users/${superadmin.id}/erase`, { confirm: true })).json()).toMatchObject({
      error: 'higher_rank',
    });
    const { createClient } = await import('../../../test/factories');
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    expect((await otherAdmin.post(`/api/users/${w.person.id}/erase`, { confirm: true })).statusCode).toBe(404);
    expect((await otherAdmin.post(`/api/users/${w.person.id}/gdpr-exports`)).statusCode).toBe(404);
  });
});

async function clientName(ctx: () => { deps: { db: Db } }, clientId: string) {
  return (await ctx().deps.db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow())
    .name;
}
