import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import { expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { newId, nowIso } from '../../platform/ids';
import { fileStore, openFromStorage, storedSize } from '../../platform/storage';
import { issueCertificate } from './certificate-issue';
import { addParticipants, addTraining, certificateWorld, pdfText, runCertificateJobs } from './test-certificates';

interface Job {
  status: string;
  progress: { total: number; done: number; succeeded: number; failed: number };
  result: { total: number; succeeded: number; failed: number; failures: { userId: string; reason: string }[] };
}

const COMPLETED_AT = '2026-05-06T10:00:00.000Z';

describeEachDialect('certificate regeneration', (ctx) => {
  it('regenerates the certificates of 1,000 completed users in a job that reports progress and counts; a replaced file keeps its issue date and gets regenerated_at', async () => {
    const { deps } = ctx();
    const world = await certificateWorld(ctx, { title: 'Erste Hilfe' });
    const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
    // 1,000 participants written straight into the tables (no e-mail, so no mail each), all completed.
    const now = nowIso();
    const users = Array.from({ length: 1_000 }, (_, i) => ({
      id: newId(),
      client_id: world.client.id,
      email: null,
      email_normalized: null,
      username: `teilnehmer${i}`,
      username_normalized: `teilnehmer${i}`,
      first_name: i === 7 ? 'Łukasz' : `Vorname${i}`,
      last_name: i === 7 ? 'Ñúñez-Øster Çelik' : `Nachname${i}`,
      password_hash: null,
      role: 'PARTICIPANT',
      locale: ['de-DE', 'en-US', 'fr-FR'][i % 3] ?? 'de-DE',
      is_active: true,
      login_type: LOGIN_TYPES.USER_NAME,
      is_password_change_required: false,
      is_welcome_dialog_seen: true,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < users.length; i += 200) {
      await deps.db
        .insertInto('users')
        .values(users.slice(i, i + 200))
        .execute();
    }
    await addParticipants(
      deps.db,
      world.client.id,
      trainingId,
      users.map((u) => u.id),
      COMPLETED_AT,
    );
    // Two of them have their certificate already.
    const earlier = users.slice(0, 2);
    for (const u of earlier) expect(await issueCertificate(deps, world.client.id, trainingId, u.id)).toBe('issued');
    const before = await deps.db
      .selectFrom('course_certificates')
      .selectAll()
      .where('training_id', '=', trainingId)
      .orderBy('user_id')
      .execute();

    const started = await world.admin.post(`/api/course-training/${trainingId}/certificates/regenerate`);
    expect(started.statusCode).toBe(200);
    const { jobId, total } = started.json<{ jobId: string; total: number }>();
    expect(total).toBe(1_000);
    const queued = (await world.admin.get(`/api/jobs/${jobId}`)).json<Job>();
    expect(queued).toMatchObject({ status: 'queued', progress: { total: 1_000, done: 0 } });

    expect(await runCertificateJobs(ctx)).toBe(1);
    const job = (await world.admin.get(`/api/jobs/${jobId}`)).json<Job>();
    expect(job).toMatchObject({
      status: 'succeeded',
      progress: { total: 1_000, done: 1_000, succeeded: 1_000, failed: 0 },
      result: { total: 1_000, succeeded: 1_000, failed: 0, failures: [] },
    });

    const after = await deps.db
      .selectFrom('course_certificates')
      .selectAll()
      .where('training_id', '=', trainingId)
      .execute();
    expect(after).toHaveLength(1_000);
    for (const old of before) {
      const now = after.find((c) => c.id === old.id);
      expect(now?.issued_at).toBe(old.issued_at);
      expect(now?.regenerated_at).not.toBeNull();
      expect(now?.file_key).not.toBe(old.file_key);
      expect(await storedSize(deps.config, old.file_key)).toBeUndefined();
    }
    const fresh = after.filter((c) => !before.some((b) => b.id === c.id));
    expect(fresh.every((c) => c.regenerated_at === null)).toBe(true);
    const accented = after.find((c) => c.user_id === users[7]?.id);
    const file = await openFromStorage(deps.config, accented?.file_key ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
    const text = await pdfText(Buffer.concat(chunks));
    expect(text).toContain('Łukasz Ñúñez-Øster Çelik');
    expect(text).toContain('completed the training “Erste Hilfe (en)”');
  }, 480_000); // 1,000 PDFs: about a minute on a quiet machine, over four when both CI halves share two cores.

  it('a coordinator regenerates within their groups only; a file that cannot be written counts as a failure; others are refused', async () => {
    const { app, deps } = ctx();
    const world = await certificateWorld(ctx);
    const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
    const inGroup = [await createUser(deps.db, world.client), await createUser(deps.db, world.client)];
    const outside = await createUser(deps.db, world.client);
    const ids = [...inGroup, outside].map((u) => u.id);
    await addParticipants(deps.db, world.client.id, trainingId, ids, COMPLETED_AT);
    for (const id of ids) await issueCertificate(deps, world.client.id, trainingId, id);
    const coordinatorUser = await createUser(deps.db, world.client, { role: 'COORDINATOR' });
    const group = await createGroup(deps.db, world.client, { members: inGroup, coordinators: [coordinatorUser] });
    const coordinator = await signIn(app, coordinatorUser);
    const url = `/api/course-training/${trainingId}/certificates/regenerate`;
    expect((await coordinator.post(url)).statusCode).toBe(404);
    await deps.db
      .insertInto('training_groups')
      .values({ training_id: trainingId, group_id: group.id, client_id: world.client.id, created_at: nowIso() })
      .execute();

    // The first member's certificate folder is a file now: writing its new PDF fails. A bucket has no folders to
    // break, so with STORAGE=s3 both files are written and only the scope is proven.
    const faulty = fileStore(deps.config).kind === 'local';
    const broken = await deps.db
      .selectFrom('course_certificates')
      .select('id')
      .where('user_id', '=', inGroup[0]!.id)
      .executeTakeFirstOrThrow();
    if (faulty) {
      const folder = path.join(deps.config.dataDir, 'files', world.client.id, 'certificates', broken.id);
      await rm(folder, { recursive: true, force: true });
      await writeFile(folder, 'not a folder');
    }

    const started = await coordinator.post(url);
    expect(started.json()).toMatchObject({ total: 2 });
    await runCertificateJobs(ctx);
    const job = (await coordinator.get(`/api/jobs/${started.json<{ jobId: string }>().jobId}`)).json<Job>();
    expect(job).toMatchObject(
      faulty
        ? {
            status: 'succeeded',
            progress: { total: 2, done: 2, succeeded: 1, failed: 1 },
            result: { total: 2, succeeded: 1, failed: 1, failures: [{ userId: inGroup[0]!.id }] },
          }
        : { status: 'succeeded', result: { total: 2, succeeded: 2, failed: 0 } },
    );
    const rows = await deps.db
      .selectFrom('course_certificates')
      .select(['user_id', 'regenerated_at'])
      .where('training_id', '=', trainingId)
      .execute();
    const regenerated = rows.filter((r) => r.regenerated_at !== null).map((r) => r.user_id);
    expect(regenerated.sort()).toEqual((faulty ? [inGroup[1]!.id] : inGroup.map((u) => u.id)).sort());

    const participant = await signIn(app, inGroup[1]!);
    expect((await participant.post(url)).statusCode).toBe(403);
    const content = await signIn(app, await createUser(deps.db, world.client, { role: 'CONTENT_MASTER' }));
    expect((await content.post(url)).statusCode).toBe(403);
  });
});
