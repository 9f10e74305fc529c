import { expect, it } from 'vitest';
import { issueCertificate } from '../src/features/certificates/certificate-issue';
import { backgroundPdf } from '../src/features/certificates/test-certificates';
import { enqueueMail } from '../src/features/mail/mail-queue';
import { TINY_PDF, TINY_PNG, golfZip, moduleData, uploadModule, type Part } from '../src/features/modules/test-upload';
import { multipart } from '../src/features/modules/test-upload';
import { createClient, createUser, signIn } from './factories';
import { createGroup } from './group-factories';
import { multipartFile } from './multipart';
import type { Caller } from './test-app';
import { describeEachDialect } from './test-app';
import { nowIso } from '../src/platform/ids';

/** Text only client B's rows carry: no answer to client A may contain it (ARCHITECTURE section 4). */
const SECRET = 'Geheimnis-von-B';

interface Call {
  params: Record<string, string>;
  body?: unknown;
  parts?: Part[];
  file?: ReturnType<typeof multipartFile>;
}

/** Client B's rows, made through B's own API and factories, so they are real rows of the kind each route reads. */
async function seedClientB(ctx: Parameters<Parameters<typeof describeEachDialect>[1]>[0]) {
  const { app, deps } = ctx();
  const client = await createClient(deps.db, { name: `Client ${SECRET}` });
  const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
  const user = await createUser(deps.db, client, { first_name: SECRET });
  await admin.inject({
    method: 'POST',
    url: `/api/users/${user.id}/picture`,
    ...multipartFile(TINY_PNG, 'me.png', 'image/png'),
  });
  const group = await createGroup(deps.db, client, { name: `Gruppe ${SECRET}`, members: [user] });
  const certificateTemplate = (
    await admin.post('/api/certificate-template', {
      name: SECRET,
      locales: { 'de-DE': { subtitle: SECRET, body: `${SECRET} {{name}}` } },
    })
  ).json<{ id: string }>();
  await admin.inject({
    method: 'POST',
    url: `/api/certificate-template/${certificateTemplate.id}/file/de-DE`,
    ...multipartFile(await backgroundPdf(SECRET), 'b.pdf', 'application/pdf'),
  });
  const course = (
    await admin.post('/api/courses', {
      i18n: { 'de-DE': { title: SECRET, description: SECRET } },
      certificateTemplateId: certificateTemplate.id,
    })
  ).json<{
    id: string;
  }>();
  const module = (await uploadModule(admin, course.id, await golfZip('RuntimeBasicCalls_SCORM12'))).json<{
    id: string;
  }>();
  const file = (
    await admin.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/files`,
      ...multipart([
        { name: 'data', value: JSON.stringify({ locale: 'de-DE', fileName: `${SECRET}.pdf` }) },
        { name: 'pdf', filename: 'x.pdf', content: TINY_PDF },
      ]),
    })
  ).json<{ id: string }>();
  const training = (
    await admin.post('/api/course-training', { courseId: course.id, groupIds: [group.id], userIds: [user.id] })
  ).json<{ id: string }>();
  await deps.db
    .updateTable('training_participants')
    .set({ status: 'COMPLETED', started_at: nowIso(), completed_at: nowIso() })
    .where('training_id', '=', training.id)
    .execute();
  await issueCertificate(deps, client.id, training.id, user.id);
  const certificate = await deps.db
    .selectFrom('course_certificates')
    .select(['id', 'verification_code'])
    .where('training_id', '=', training.id)
    .executeTakeFirstOrThrow();
  // A closed cycle (issue 30 point 1), so the cycle history has B's row to leak if it could.
  await deps.db
    .insertInto('training_cycles')
    .values({
      client_id: client.id,
      training_id: training.id,
      user_id: user.id,
      cycle: 1,
      status: 'COMPLETED',
      started_at: nowIso(),
      completed_at: nowIso(),
      completed_modules: 1,
      required_modules: 1,
      valid_until: nowIso(),
      closed_at: nowIso(),
    })
    .execute();
  await admin.post(`/api/client/${client.id}/legal-texts/imprint`, { type: 'MARKDOWN', value: SECRET });
  await admin.inject({
    method: 'POST',
    url: `/api/client/${client.id}/legal-texts/privacy-policy/pdf`,
    ...multipartFile(await backgroundPdf(SECRET), `${SECRET}.pdf`, 'application/pdf'),
  });
  const templates = (await admin.get('/api/mail-template', { kind: 'reminder' })).json<{ items: { id: string }[] }>();
  const mailId = await deps.db
    .transaction()
    .execute((trx) =>
      enqueueMail(trx, client.id, { to: 'b@example.test', subject: SECRET, text: SECRET, locale: 'de-DE' }),
    );
  const csv = `firstName;lastName;email\n${SECRET};B;import-b@example.test\n`;
  const imported = await admin.inject({
    method: 'POST',
    url: '/api/users/import',
    ...multipartFile(csv, 'b.csv', 'text/csv'),
  });
  const importId = imported.json<{ id: string; mapping: unknown[] }>().id;
  const mapping = imported.json<{ mapping: unknown[] }>().mapping;
  const run = await admin.post(`/api/users/import/${importId}/run`, { mapping, sendActivationMail: false });
  const jobId = run.json<{ jobId: string }>().jobId;
  const contact = (
    await admin.post('/api/client-contact', {
      clientId: client.id,
      responsibility: SECRET,
      firstName: SECRET,
      lastName: SECRET,
      email: 'kontakt-b@example.test',
    })
  ).json<{ id: string }>();
  const company = (await admin.post('/api/company', { clientId: client.id, name: `Firma ${SECRET}` })).json<{
    id: string;
  }>();
  const token = (await admin.post('/api/client-token', { clientId: client.id, name: `Token ${SECRET}` })).json<{
    token: { id: string };
  }>().token;
  const systemMessage = (
    await admin.post('/api/messages/system', { audience: 'CLIENT', subject: SECRET, body: SECRET })
  ).json<{ id: string }>();
  await admin.post('/api/premium/settings', {
    clientId: client.id,
    enabled: true,
    monthlyCents: 999,
    yearlyCents: 9990,
    currency: 'EUR',
    vatRateBasisPoints: 1900,
    bankAccountHolder: SECRET,
    iban: 'DE89370400440532013000',
    bic: '',
    bankName: '',
    sellerVatId: '',
  });
  const buyer = await signIn(app, user);
  const purchase = (
    await buyer.post('/api/premium/purchases', {
      plan: 'monthly',
      method: 'prepayment',
      billingAddress: {
        customerKind: 'private',
        name: SECRET,
        street: 'S',
        number: '1',
        zip: '1',
        place: 'P',
        country: 'DE',
      },
    })
  ).json<{ id: string; invoiceId: string }>();
  const gdprExport = (await admin.post(`/api/users/${user.id}/gdpr-exports`)).json<{ id: string }>();
  const ids = {
    gdprExport: gdprExport.id,
    purchase: purchase.id,
    invoice: purchase.invoiceId,
    course: course.id,
    module: module.id,
    file: file.id,
    training: training.id,
    certificateTemplate: certificateTemplate.id,
    certificate: certificate.id,
    importId,
    jobId,
    contact: contact.id,
    company: company.id,
    token: token.id,
    systemMessage: systemMessage.id,
  };
  for (const [what, id] of Object.entries(ids)) {
    expect(id, `client B's ${what}`).toMatch(/^[0-9a-f-]{36}$/);
  }
  return {
    clientId: client.id,
    host: client.host,
    userId: user.id,
    groupId: group.id,
    courseId: course.id,
    moduleId: module.id,
    fileId: file.id,
    trainingId: training.id,
    certificateTemplateId: certificateTemplate.id,
    certificateId: certificate.id,
    certificateCode: certificate.verification_code ?? '',
    templateId: templates.items[0]?.id ?? '',
    mailId,
    importId,
    mapping,
    jobId,
    contactId: contact.id,
    companyId: company.id,
    tokenId: token.id,
    purchaseId: purchase.id,
    invoiceId: purchase.invoiceId,
    systemMessageId: systemMessage.id,
    gdprExportId: gdprExport.id,
  };
}

type SeedB = Awaited<ReturnType<typeof seedClientB>>;

/** Every API route with a path parameter, called with client B's ids and a body that passes the schema. */
function callsWith(b: SeedB): Record<string, Call> {
  const course = { courseId: b.courseId };
  const moduleOf = { courseId: b.courseId, id: b.moduleId };
  const fileOf = { courseId: b.courseId, id: b.fileId };
  const smtp = { fromAddress: 'a@example.test', host: 'smtp.example.test', port: 587, secure: false };
  const moduleParts: Part[] = [{ name: 'data', value: moduleData() }];
  const fileParts: Part[] = [
    { name: 'data', value: JSON.stringify({ locale: 'de-DE', fileName: 'a.pdf' }) },
    { name: 'pdf', filename: 'a.pdf', content: TINY_PDF },
  ];
  const html = multipartFile('<p>Hallo</p>', 'a.html', 'text/html');
  return {
    'GET /api/client/:id': { params: { id: b.clientId } },
    'POST /api/client/:id': { params: { id: b.clientId }, body: { name: 'Übernommen', platformActive: false } },
    'GET /api/client/:id/logo': { params: { id: b.clientId } },
    'GET /api/client/:id/audit': { params: { id: b.clientId } },
    'POST /api/client/:id/audit/verify': { params: { id: b.clientId } },
    'GET /api/client/:id/audit/export': { params: { id: b.clientId } },
    'GET /api/client/:id/settings': { params: { id: b.clientId } },
    'PUT /api/client/:id/settings': {
      params: { id: b.clientId },
      body: { items: [{ key: 'audit', subkey: 'retentionDays', value: 400 }] },
    },
    'POST /api/client/:id/logo': { params: { id: b.clientId }, file: multipartFile(TINY_PNG, 'a.png', 'image/png') },
    'DELETE /api/client/:id/logo': { params: { id: b.clientId } },
    'GET /api/client-smtp/:clientId': { params: { clientId: b.clientId } },
    'GET /api/client/:id/legal-texts': { params: { id: b.clientId } },
    'POST /api/client/:id/legal-texts/:kind': {
      params: { id: b.clientId, kind: 'imprint' },
      body: { type: 'MARKDOWN', value: 'Übernommen' },
    },
    'POST /api/client/:id/legal-texts/:kind/pdf': {
      params: { id: b.clientId, kind: 'imprint' },
      file: multipartFile(TINY_PDF, 'a.pdf', 'application/pdf'),
    },
    'GET /api/client/:id/legal-texts/:kind/pdf': { params: { id: b.clientId, kind: 'privacy-policy' } },
    'POST /api/client-smtp/:clientId': { params: { clientId: b.clientId }, body: smtp },
    'POST /api/client-smtp/:clientId/test': { params: { clientId: b.clientId } },
    'DELETE /api/client-smtp/:clientId': { params: { clientId: b.clientId } },
    'POST /api/client-contact/:id': {
      params: { id: b.contactId },
      body: { responsibility: 'Übernommen', firstName: 'A', lastName: 'A' },
    },
    'DELETE /api/client-contact/:id': { params: { id: b.contactId } },
    'POST /api/company/:id': { params: { id: b.companyId }, body: { name: 'Übernommen' } },
    'DELETE /api/company/:id': { params: { id: b.companyId } },
    'DELETE /api/client-token/:id': { params: { id: b.tokenId } },
    'POST /api/messages/:id/read': { params: { id: b.systemMessageId } },
    'GET /api/courses/:id': { params: { id: b.courseId } },
    'POST /api/courses/:id': {
      params: { id: b.courseId },
      body: { i18n: { 'de-DE': { title: 'Übernommen', description: '' } }, active: false },
    },
    'DELETE /api/courses/:id': { params: { id: b.courseId } },
    'POST /api/courses/:id/cover': { params: { id: b.courseId }, file: multipartFile(TINY_PNG, 'a.png', 'image/png') },
    'DELETE /api/courses/:id/cover': { params: { id: b.courseId } },
    'POST /api/courses/:courseId/modules': { params: course, parts: moduleParts },
    'POST /api/courses/:courseId/modules/:id': { params: moduleOf, parts: moduleParts },
    'DELETE /api/courses/:courseId/modules/:id': { params: moduleOf },
    'POST /api/courses/:courseId/modules/all/order': { params: course, body: { moduleIds: [b.moduleId] } },
    'POST /api/courses/:courseId/modules/:moduleId/preview-launch': {
      params: { courseId: b.courseId, moduleId: b.moduleId },
      body: {},
    },
    'POST /api/courses/:courseId/files': { params: course, parts: fileParts },
    'POST /api/courses/:courseId/files/:id': { params: fileOf, parts: fileParts },
    'DELETE /api/courses/:courseId/files/:id': { params: fileOf },
    'GET /api/courses/:courseId/files/:id/:part': { params: { ...fileOf, part: 'pdf' } },
    'GET /api/course-training/:id': { params: { id: b.trainingId } },
    'GET /api/course-training/:id/statistics': { params: { id: b.trainingId } },
    'POST /api/course-training/:id': { params: { id: b.trainingId }, body: { groupIds: [], userIds: [] } },
    'DELETE /api/course-training/:id': { params: { id: b.trainingId } },
    'POST /api/course-training/:id/participants/:userId/optional': {
      params: { id: b.trainingId, userId: b.userId },
      body: { optional: true },
    },
    'POST /api/course-training/:id/participants/:userId/remind': {
      params: { id: b.trainingId, userId: b.userId },
      body: {},
    },
    'POST /api/course-training/:id/remind': { params: { id: b.trainingId }, body: {} },
    'POST /api/course-training/:id/module/:moduleId/launch': { params: { id: b.trainingId, moduleId: b.moduleId } },
    'GET /api/course-training-user-value/:trainingId/get-status-of-all-users': {
      params: { trainingId: b.trainingId },
    },
    'POST /api/course-training-user-value/:courseTrainingId/:moduleId': {
      params: { courseTrainingId: b.trainingId, moduleId: b.moduleId },
      body: {},
    },
    'GET /api/user-course-trainings/:id': { params: { id: b.trainingId } },
    'GET /api/user-course-trainings/:id/cycles': { params: { id: b.trainingId } },
    'GET /api/course-training/:id/participants/:userId/cycles': { params: { id: b.trainingId, userId: b.userId } },
    'GET /api/course-training/:id/participants/:userId/results': { params: { id: b.trainingId, userId: b.userId } },
    'GET /api/course-training/:id/participants/export': { params: { id: b.trainingId } },
    'GET /api/reports/records/:userId': { params: { userId: b.userId } },
    'GET /api/documents/:fileId/download': { params: { fileId: b.fileId } },
    'GET /api/groups/:id': { params: { id: b.groupId } },
    'POST /api/groups/:id': { params: { id: b.groupId }, body: { name: 'Übernommen' } },
    'DELETE /api/groups/:id': { params: { id: b.groupId } },
    'GET /api/jobs/:id': { params: { id: b.jobId } },
    'GET /api/mail-queue/:id': { params: { id: b.mailId } },
    'POST /api/mail-queue/:id/retry': { params: { id: b.mailId } },
    'POST /api/mail-queue/:id/cancel': { params: { id: b.mailId } },
    'GET /api/mail-template/:id': { params: { id: b.templateId } },
    'POST /api/mail-template/:id': { params: { id: b.templateId }, body: { name: 'Übernommen' } },
    'DELETE /api/mail-template/:id': { params: { id: b.templateId } },
    'POST /api/mail-template/:id/preview': { params: { id: b.templateId }, body: { locale: 'de-DE' } },
    'POST /api/mail-template/:id/file/:locale': { params: { id: b.templateId, locale: 'de-DE' }, file: html },
    'DELETE /api/mail-template/:id/file/:locale': { params: { id: b.templateId, locale: 'de-DE' } },
    'GET /api/certificate-template/:id': { params: { id: b.certificateTemplateId } },
    'POST /api/certificate-template/:id': { params: { id: b.certificateTemplateId }, body: { name: 'Übernommen' } },
    'DELETE /api/certificate-template/:id': { params: { id: b.certificateTemplateId } },
    'POST /api/certificate-template/:id/preview/:locale': {
      params: { id: b.certificateTemplateId, locale: 'de-DE' },
      body: {},
    },
    'POST /api/certificate-template/:id/file/:locale': {
      params: { id: b.certificateTemplateId, locale: 'de-DE' },
      file: multipartFile(TINY_PDF, 'a.pdf', 'application/pdf'),
    },
    'DELETE /api/certificate-template/:id/file/:locale': { params: { id: b.certificateTemplateId, locale: 'de-DE' } },
    'POST /api/certificate-template/:id/design': {
      params: { id: b.certificateTemplateId },
      body: { design: 'modern', orientation: 'landscape', signatories: [{ name: 'Übernommen', role: '' }] },
    },
    'POST /api/certificate-template/:id/signature/:slot': {
      params: { id: b.certificateTemplateId, slot: '1' },
      file: multipartFile(TINY_PNG, 'a.png', 'image/png'),
    },
    'DELETE /api/certificate-template/:id/signature/:slot': { params: { id: b.certificateTemplateId, slot: '1' } },
    'GET /api/course-certificate/:id/download': { params: { id: b.certificateId } },
    'POST /api/course-training/:id/certificates/regenerate': { params: { id: b.trainingId } },
    'POST /api/course-certificate/:id/withdraw': { params: { id: b.certificateId }, body: { reason: 'Übernommen' } },
    'POST /api/course-certificate/:id/reissue': { params: { id: b.certificateId } },
    'GET /api/users/:id': { params: { id: b.userId } },
    'POST /api/users/:id': { params: { id: b.userId }, body: { firstName: 'Übernommen' } },
    'DELETE /api/users/:id': { params: { id: b.userId } },
    'GET /api/users/:id/picture': { params: { id: b.userId } },
    'POST /api/users/:id/picture': { params: { id: b.userId }, file: multipartFile(TINY_PNG, 'a.png', 'image/png') },
    'DELETE /api/users/:id/picture': { params: { id: b.userId } },
    'GET /api/users/:id/gdpr-exports': { params: { id: b.userId } },
    'POST /api/users/:id/gdpr-exports': { params: { id: b.userId } },
    'POST /api/users/:id/erase': { params: { id: b.userId }, body: { confirm: true } },
    'GET /api/gdpr/exports/:id/download': { params: { id: b.gdprExportId } },
    'GET /api/users/import/:id': { params: { id: b.importId } },
    'POST /api/users/import/:id/preview': { params: { id: b.importId }, body: { mapping: b.mapping } },
    'POST /api/users/import/:id/run': { params: { id: b.importId }, body: { mapping: b.mapping } },
    'GET /api/users/import/:id/report': { params: { id: b.importId } },
    'GET /api/premium/purchases/:id': { params: { id: b.purchaseId } },
    'GET /api/premium/invoices/:id/pdf': { params: { id: b.invoiceId } },
    'POST /api/premium/admin/purchases/:id/paid': { params: { id: b.purchaseId } },
    'POST /api/premium/courses/:id/start': { params: { id: b.courseId } },
  };
}

const send = (who: Caller, method: string, url: string, call: Call) => {
  const path = url.replace(/:([A-Za-z]+)/g, (_, name: string) => call.params[name] ?? `missing-${name}`);
  if (call.parts) return who.inject({ method: method, url: path, ...multipart(call.parts) });
  if (call.file) return who.inject({ method: method, url: path, ...call.file });
  return who.inject({ method: method, url: path, ...(call.body ? { payload: call.body } : {}) });
};

/** Routes whose parameter names no client's row: the platform's own texts (FAQ, About), one set for all clients. */
const NOT_CLIENT_DATA = new Set(['POST /api/platform-texts/:key']);

describeEachDialect('tenant isolation (ARCHITECTURE section 4)', (ctx) => {
  it("answers 404 to another client's admin on every route with an id, leaks nothing and changes nothing", async () => {
    const { app, deps } = ctx();
    const b = await seedClientB(ctx);
    const clientA = await createClient(deps.db);
    const adminA = await signIn(app, await createUser(deps.db, clientA, { role: 'ADMIN' }));
    const calls = callsWith(b);
    const routes = app.apiRoutes.filter(
      (r) => r.access !== 'public' && r.url.includes(':') && !NOT_CLIENT_DATA.has(`${r.method} ${r.url}`),
    );
    // A new route with an id must be added to the table above, so isolation stays proven for all of them.
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(calls).sort());
    const before = await snapshotOfB(ctx, b);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const res = await send(adminA, route.method, route.url, calls[key]!);
      expect(`${key} -> ${res.statusCode}`).toBe(`${key} -> 404`);
      expect(res.body, key).not.toContain(SECRET);
    }
    expect(await snapshotOfB(ctx, b)).toEqual(before);
  });

  it("answers client B's certificate code on client A's host as it answers a wrong code, and on B's own host", async () => {
    // The public verification (issue 30 point 2) takes no id but a code; its tenant is the host's client.
    const { app, deps } = ctx();
    const b = await seedClientB(ctx);
    const clientA = await createClient(deps.db);
    const check = (host: string, code: string) =>
      app.inject({
        method: 'GET',
        url: `/api/certificate-verification/${code}`,
        headers: { host },
        remoteAddress: '192.0.2.30',
      });
    const wrong = await check(clientA.host, 'Z'.repeat(b.certificateCode.length));
    const foreign = await check(clientA.host, b.certificateCode);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(wrong.body);
    expect(foreign.body).not.toContain(SECRET);
    expect((await check(b.host, b.certificateCode)).statusCode).toBe(200);
  });
});

/** What A's calls could have changed in B: names, texts, states and row counts. */
async function snapshotOfB(ctx: Parameters<Parameters<typeof describeEachDialect>[1]>[0], b: SeedB) {
  const db = ctx().deps.db;
  type Counted =
    | 'users'
    | 'groups'
    | 'courses'
    | 'modules'
    | 'course_files'
    | 'mail_templates'
    | 'trainings'
    | 'training_groups'
    | 'training_module_values'
    | 'gdpr_exports'
    | 'gdpr_erasures';
  const count = async (table: Counted) =>
    (
      await db
        .selectFrom(table)
        .select(db.fn.countAll<number>().as('n'))
        .where('client_id', '=', b.clientId)
        .executeTakeFirstOrThrow()
    ).n;
  return {
    users: Number(await count('users')),
    userNames: await db
      .selectFrom('users')
      .select(['first_name', 'email'])
      .where('client_id', '=', b.clientId)
      .orderBy('id')
      .execute(),
    gdprExports: Number(await count('gdpr_exports')),
    gdprErasures: Number(await count('gdpr_erasures')),
    groups: Number(await count('groups')),
    courses: Number(await count('courses')),
    modules: Number(await count('modules')),
    files: Number(await count('course_files')),
    templates: Number(await count('mail_templates')),
    trainings: Number(await count('trainings')),
    trainingGroups: Number(await count('training_groups')),
    participants: await db
      .selectFrom('training_participants')
      .select(['user_id', 'status', 'is_optional', 'is_direct', 'is_assigned'])
      .where('client_id', '=', b.clientId)
      .orderBy('user_id')
      .execute(),
    moduleValues: Number(await count('training_module_values')),
    auditHead: await db.selectFrom('audit_heads').selectAll().where('client_id', '=', b.clientId).execute(),
    settings: await db.selectFrom('client_settings').selectAll().where('client_id', '=', b.clientId).execute(),
    certificateTemplates: await db
      .selectFrom('certificate_templates as t')
      .innerJoin('certificate_template_locales as l', 'l.template_id', 't.id')
      .select(['t.name', 't.updated_at', 'l.locale', 'l.subtitle', 'l.background_key'])
      .where('t.client_id', '=', b.clientId)
      .orderBy('l.locale')
      .execute(),
    certificates: await db
      .selectFrom('course_certificates')
      .select(['id', 'file_key', 'regenerated_at', 'verification_code'])
      .where('client_id', '=', b.clientId)
      .execute(),
    certificateCodes: await db
      .selectFrom('certificate_codes')
      .select(['code', 'withdrawn_at', 'withdrawn_reason'])
      .where('client_id', '=', b.clientId)
      .execute(),
    jobs: Number(
      (
        await db
          .selectFrom('jobs')
          .select(db.fn.countAll<number>().as('n'))
          .where('client_id', '=', b.clientId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    user: await db
      .selectFrom('users')
      .select(['first_name', 'is_active'])
      .where('id', '=', b.userId)
      .executeTakeFirst(),
    group: await db.selectFrom('groups').select('name').where('id', '=', b.groupId).executeTakeFirst(),
    course: await db.selectFrom('courses').select('is_active').where('id', '=', b.courseId).executeTakeFirst(),
    mail: await db
      .selectFrom('mail_queue')
      .select(['status', 'attempts'])
      .where('id', '=', b.mailId)
      .executeTakeFirst(),
    client: await db
      .selectFrom('clients')
      .select(['name', 'is_platform_active', 'logo_file', 'colours', 'updated_at'])
      .where('id', '=', b.clientId)
      .executeTakeFirst(),
    smtp: await db.selectFrom('client_smtp').selectAll().where('client_id', '=', b.clientId).executeTakeFirst(),
    legalTexts: await db
      .selectFrom('clients')
      .select(['imprint_type', 'imprint_value', 'privacy_policy_type', 'privacy_policy_value'])
      .where('id', '=', b.clientId)
      .executeTakeFirst(),
    legalPdfs: await db.selectFrom('client_legal_pdfs').selectAll().where('client_id', '=', b.clientId).execute(),
  };
}
