import type { LightMyRequestResponse } from 'fastify';
import { createClient, createUser, signIn, type TestClient, type TestUser } from '../../../test/factories';
import { createGroup, type TestGroup } from '../../../test/group-factories';
import type { Caller, TestContext } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs';
import { TINY_PDF, moduleData, uploadModule } from '../modules/test-upload';
import { createTrainingInvitationsHandler } from './training-invitations.job';

// Test helpers for the trainings feature: a client with an admin, a course of PDF modules, groups with members,
// and the invitation job run as a worker would. Test-only.

export type Session = Caller & { token: string };

export interface TrainingWorld {
  client: TestClient;
  admin: Session;
  courseId: string;
  moduleIds: string[];
  group: TestGroup;
  members: TestUser[];
}

/** A course with `modules` PDF modules (in that order); `required` lists which by index (none: all required). */
export async function createCourse(
  admin: Caller,
  opts: { title?: string; modules?: number; required?: number[]; invitation?: boolean; deadline?: string } = {},
): Promise<{ courseId: string; moduleIds: string[] }> {
  const title = opts.title ?? 'Arbeitssicherheit';
  const body = {
    i18n: { 'de-DE': { title, description: 'Grundlagen' }, 'en-US': { title: `${title} (en)`, description: 'Basics' } },
    startDate: '2026-01-01',
    deadline: opts.deadline ?? '2026-12-31',
    invitationEnabled: opts.invitation ?? true,
  };
  const course = await admin.post('/api/courses', body);
  if (course.statusCode !== 200) throw new Error(`course: ${course.body}`);
  const courseId = course.json<{ id: string }>().id;
  const moduleIds: string[] = [];
  for (let i = 0; i < (opts.modules ?? 3); i++) {
    const res = await uploadModule(
      admin,
      courseId,
      { content: TINY_PDF, filename: `m${i + 1}.pdf` },
      { data: moduleData(`Modul ${i + 1}`, 10) },
    );
    if (res.statusCode !== 200) throw new Error(`module: ${res.body}`);
    moduleIds.push(res.json<{ id: string }>().id);
  }
  if (opts.required) {
    const requiredModuleIds = opts.required.map((i) => moduleIds[i]);
    const res = await admin.post(`/api/courses/${courseId}`, { ...body, requiredModuleIds });
    if (res.statusCode !== 200) throw new Error(`required: ${res.body}`);
  }
  return { courseId, moduleIds };
}

/** A fresh client with an admin (en-US), a course of three PDF modules and a group of `members` participants. */
export async function trainingWorld(
  ctx: () => TestContext,
  opts: { members?: number; required?: number[]; invitation?: boolean } = {},
): Promise<TrainingWorld> {
  const { app, deps } = ctx();
  const client = await createClient(deps.db);
  const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', locale: 'en-US' }));
  const course = await createCourse(admin, opts);
  const members: TestUser[] = [];
  for (let i = 0; i < (opts.members ?? 2); i++) members.push(await createUser(deps.db, client, { locale: 'en-US' }));
  const group = await createGroup(deps.db, client, { name: 'Lager', members });
  return { client, admin, ...course, group, members };
}

/** Runs the invitation jobs that are due, as a worker would. */
export async function runInvitationJobs(ctx: () => TestContext): Promise<void> {
  while (
    (await runDueJobs(ctx().deps, [createTrainingInvitationsHandler()], { now: () => new Date(Date.now() + 5_000) })) >
    0
  );
}

/** The invitation mails queued for a client: recipient and subject. */
export async function invitationMails(ctx: () => TestContext, clientId: string) {
  const rows = await ctx()
    .deps.db.selectFrom('mail_queue')
    .select(['to_address', 'subject', 'body_text'])
    .where('client_id', '=', clientId)
    .where('template_kind', '=', 'invitation')
    .orderBy('to_address')
    .execute();
  return rows;
}

export const idOf = (res: LightMyRequestResponse): string => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
};
