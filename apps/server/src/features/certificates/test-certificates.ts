import { createClient, createUser, signIn, type TestClient, type TestUser } from '../../../test/factories';
import type { Caller, TestContext } from '../../../test/test-app';
import type { Db } from '../../db/database';
import { newId, nowIso } from '../../platform/ids';
import { runDueJobs } from '../../platform/jobs';
import { TINY_PDF, moduleData, uploadModule } from '../modules/test-upload';
import { recordModuleProgress } from '../trainings/training-progress.service';
import { createCertificateIssueHandler } from './certificate-issue.job';
import { createCertificateRegenerateHandler } from './certificate-regenerate.job';

// The PDF helpers moved with the certificate templates; the tests here keep importing them from this file.
export { backgroundPdf, pdfText, qrOfFirstPage } from '../templates/certificate/test-certificate-pdf';

// Test helpers for certificates: a client with a content master and a coordinator, a certificate template, a course
// that names it, trainings and participants written straight into their tables, PDF text read back with pdf.js.
// Test-only; never imported by the app.

export interface CertificateWorld {
  client: TestClient;
  content: Caller;
  admin: Caller;
  templateId: string;
  courseId: string;
  moduleIds: string[];
}

const ok = <T>(res: { statusCode: number; body: string; json: <J>() => J }, what: string): T => {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
};

/**
 * A client whose course (German and English title, two PDF modules of 45 and 30 minutes) names a certificate
 * template with the given German texts.
 */
export async function certificateWorld(
  ctx: () => TestContext,
  opts: { subtitle?: string; body?: string; title?: string } = {},
): Promise<CertificateWorld> {
  const { app, deps } = ctx();
  const client = await createClient(deps.db);
  const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
  const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
  const german = {
    subtitle: opts.subtitle ?? 'Teilnahmebescheinigung',
    body: opts.body ?? '{{name}} hat am {{date}} die Schulung „{{course}}“ abgeschlossen ({{duration}}).',
  };
  const template = ok<{ id: string }>(
    await content.post('/api/certificate-template', { name: 'Standard', locales: { 'de-DE': german } }),
    'template',
  );
  const title = opts.title ?? 'Arbeitssicherheit';
  const course = ok<{ id: string }>(
    await content.post('/api/courses', {
      i18n: { 'de-DE': { title, description: '' }, 'en-US': { title: `${title} (en)`, description: '' } },
      certificateTemplateId: template.id,
    }),
    'course',
  );
  const moduleIds: string[] = [];
  for (const [i, minutes] of [45, 30].entries()) {
    const res = await uploadModule(
      content,
      course.id,
      { content: TINY_PDF, filename: `m${i}.pdf` },
      { data: moduleData(`Modul ${i + 1}`, minutes) },
    );
    moduleIds.push(ok<{ id: string }>(res, 'module').id);
  }
  return { client, content, admin, templateId: template.id, courseId: course.id, moduleIds };
}

/** A training of the course, written straight into its table. */
export async function addTraining(db: Db, clientId: string, courseId: string): Promise<string> {
  const now = nowIso();
  const id = newId();
  await db
    .insertInto('trainings')
    .values({ id, client_id: clientId, course_id: courseId, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** Participants of a training; with `completedAt` they have completed it already. */
export async function addParticipants(
  db: Db,
  clientId: string,
  trainingId: string,
  userIds: readonly string[],
  completedAt: string | null = null,
): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .insertInto('training_participants')
      .values(
        userIds.slice(i, i + 500).map((userId) => ({
          training_id: trainingId,
          user_id: userId,
          client_id: clientId,
          status: completedAt ? 'COMPLETED' : 'PENDING',
          started_at: completedAt,
          completed_at: completedAt,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** The learner completes every module, as the runtime or the PDF viewer records it. */
export async function completeModules(
  ctx: () => TestContext,
  world: CertificateWorld,
  trainingId: string,
  user: TestUser,
): Promise<void> {
  for (const moduleId of world.moduleIds) {
    await ctx()
      .deps.db.transaction()
      .execute((trx) =>
        recordModuleProgress(trx, {
          clientId: world.client.id,
          trainingId,
          userId: user.id,
          moduleId,
          status: 'COMPLETED',
          at: '2026-03-04T09:30:00.000Z',
        }),
      );
  }
}

/** Runs the certificate jobs that are due, as a worker would; answers how many ran. */
export async function runCertificateJobs(ctx: () => TestContext): Promise<number> {
  const handlers = [createCertificateIssueHandler(), createCertificateRegenerateHandler()];
  let ran = 0;
  for (;;) {
    const n = await runDueJobs(ctx().deps, handlers, { now: () => new Date(Date.now() + 5_000), concurrency: 4 });
    ran += n;
    if (n === 0) return ran;
  }
}
