import type { Db } from '../apps/server/src/db/database';
import { moduleData, multipart, TINY_PDF } from '../apps/server/src/features/modules/test-upload';
import { corpusZip } from '../apps/server/src/features/modules/test-upload';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createClient, createUser, insertParticipants } from '../apps/server/test/factories';
import { createGroup } from '../apps/server/test/group-factories';
import { SoakHttp, type Answer, type Call } from './http';
import { Stats } from './stats';

export const PASSWORD = 'Soak-Passw0rd!';
export const HOST = 'lms-soak.test';

/** What the virtual users act on: the tenant, its people and one training of a SCORM and a PDF module. */
export interface World {
  clientId: string;
  host: string;
  admin: string;
  contentMaster: string;
  coordinators: string[];
  learners: { id: string; email: string }[];
  trainingId: string;
  scormModuleId: string;
  pdfModuleId: string;
}

/** A setup call through the balancer: anything but 200 stops the soak before it starts. */
async function must(http: SoakHttp, c: Omit<Call, 'type'>): Promise<Answer> {
  const res = await http.call({ ...c, type: 'setup', host: HOST });
  if (res.status !== 200) throw new Error(`setup ${c.method ?? 'GET'} ${c.url}: ${res.status} ${res.body.toString()}`);
  return res;
}

export async function signInOnce(http: SoakHttp, email: string, type = 'setup'): Promise<Answer> {
  return http.call({ type, url: '/api/user/login', host: HOST, body: { emailOrUsername: email, password: PASSWORD } });
}

/**
 * People straight into the database (a sign-in each would cost an Argon2 hash per person before the soak begins),
 * then what needs the server's own work through the API: templates, the course, the SCORM package (extracted into the
 * bucket), the PDF module and the training (whose invitations are mails).
 */
export async function buildWorld(
  db: Db,
  baseUrl: string,
  opts: { learners: number; coordinators: number },
): Promise<World> {
  const http = new SoakHttp(new Stats(), baseUrl);
  const client = await createClient(db, { platform_domain: HOST, name: 'Soak', name_normalized: 'soak' });
  const hash = await hashPassword(PASSWORD);
  const staff = (role: 'ADMIN' | 'CONTENT_MASTER' | 'COORDINATOR', n: number) =>
    createUser(db, client, {
      role,
      email: `${role.toLowerCase()}-${n}@soak.test`,
      password_hash: hash,
      is_welcome_dialog_seen: true,
    });
  const admin = await staff('ADMIN', 1);
  const contentMaster = await staff('CONTENT_MASTER', 1);
  const coordinators = [];
  for (let n = 1; n <= opts.coordinators; n++) coordinators.push(await staff('COORDINATOR', n));
  const emails = Array.from({ length: opts.learners }, (_, i) => `learner-${i + 1}@soak.test`);
  const ids = await insertParticipants(db, client.id, opts.learners, (i) => ({
    first_name: `Lerner${i + 1}`,
    last_name: `Soak${i + 1}`,
    email: emails[i]!,
  }));
  await db
    .updateTable('users')
    .set({ password_hash: hash, is_welcome_dialog_seen: true })
    .where('client_id', '=', client.id)
    .execute();
  const learnerUsers = ids.map((id, i) => ({
    id,
    clientId: client.id,
    email: emails[i]!,
    role: 'PARTICIPANT' as const,
    host: HOST,
  }));
  const group = await createGroup(db, client, { name: 'Soak', members: learnerUsers, coordinators });

  const token = async (email: string) => {
    const res = await signInOnce(http, email);
    if (res.status !== 200) throw new Error(`setup sign-in ${email}: ${res.status} ${res.body.toString()}`);
    return res.json<{ token: string }>().token;
  };
  const adminToken = await token(admin.email);
  const contentToken = await token(contentMaster.email);
  const template = await must(http, {
    url: '/api/certificate-template',
    token: contentToken,
    body: {
      name: 'Soak',
      locales: { 'de-DE': { subtitle: 'Bescheinigung', body: '{{name}} hat „{{course}}“ abgeschlossen.' } },
    },
  });
  const reminderTemplate = await must(http, {
    url: '/api/mail-template',
    token: adminToken,
    body: {
      kind: 'reminder',
      name: 'Soak-Erinnerung',
      locales: {
        'de-DE': { subject: 'Erinnerung: {{courseTitle}}', bodyText: 'Hallo {{firstName}}, {{link}}', bodyHtml: null },
      },
    },
  });
  const course = await must(http, {
    url: '/api/courses',
    token: contentToken,
    body: {
      i18n: { 'de-DE': { title: 'Soak-Kurs', description: '' } },
      certificateTemplateId: template.json<{ id: string }>().id,
      reminderMailTemplateId: reminderTemplate.json<{ id: string }>().id,
      invitationEnabled: true,
    },
  });
  const courseId = course.json<{ id: string }>().id;
  const upload = (content: Buffer, filename: string, title: string) =>
    must(http, {
      url: `/api/courses/${courseId}/modules`,
      token: contentToken,
      raw: multipart([
        { name: 'data', value: moduleData(title) },
        { name: 'file', filename, content },
      ]),
    });
  const scorm = await upload(await corpusZip('golf/RuntimeBasicCalls_SCORM12'), 'golf.zip', 'Golf');
  const pdf = await upload(TINY_PDF, 'merkblatt.pdf', 'Merkblatt');
  const training = await must(http, {
    url: '/api/course-training',
    token: adminToken,
    body: { courseId, groupIds: [group.id] },
  });
  http.close();
  return {
    clientId: client.id,
    host: HOST,
    admin: admin.email,
    contentMaster: contentMaster.email,
    coordinators: coordinators.map((c) => c.email),
    learners: learnerUsers.map((u) => ({ id: u.id, email: u.email })),
    trainingId: training.json<{ id: string }>().id,
    scormModuleId: scorm.json<{ id: string }>().id,
    pdfModuleId: pdf.json<{ id: string }>().id,
  };
}
