import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect, type Caller } from '../../../test/test-app';
import { newId } from '../../platform/ids';

interface Course {
  id: string;
  title: string;
  description: string;
  locales: string[];
  i18n: Record<string, { title: string; description: string }>;
  requiredModuleIds: string[];
  reminder: { active: boolean; from: string | null; until: string | null; intervalDays: number | null };
  modules: unknown[];
  files: unknown[];
}

const body = (overrides: Record<string, unknown> = {}) => ({
  i18n: {
    'de-DE': { title: 'Arbeitssicherheit', description: 'Grundlagen' },
    'en-US': { title: 'Work safety', description: 'Basics' },
  },
  startDate: '2026-01-01',
  deadline: '2026-12-31',
  durationMinutes: 90,
  invitationEnabled: true,
  reminder: { active: true, from: '2026-02-01', until: '2026-11-30', intervalDays: 7 },
  invoiceProductId: 'P-100',
  active: true,
  premium: false,
  ...overrides,
});

/** The id of the caller's client's standard template of a kind (listing makes the standard templates). */
async function templateOf(who: Caller, kind: 'invitation' | 'reminder'): Promise<string> {
  const res = await who.get('/api/mail-template', { kind });
  const id = res.json<{ items: { id: string; kind: string }[] }>().items.find((t) => t.kind === kind)?.id;
  if (!id) throw new Error(`no ${kind} template: ${res.statusCode} ${res.body}`);
  return id;
}

describeEachDialect('courses', (ctx) => {
  const setup = async (role: 'CONTENT_MASTER' | 'ADMIN' = 'CONTENT_MASTER') => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client, { role, locale: 'en-US' });
    return { app, deps, client, content: await signIn(app, user) };
  };

  it('creates, reads, updates and deletes a course with texts per locale and its settings', async () => {
    const { content } = await setup();
    const created = await content.post('/api/courses', body());
    expect(created.statusCode).toBe(200);
    const course = created.json<Course>();
    expect(course).toMatchObject({
      title: 'Work safety',
      description: 'Basics',
      locales: ['de-DE', 'en-US'],
      startDate: '2026-01-01',
      deadline: '2026-12-31',
      durationMinutes: 90,
      invitationEnabled: true,
      reminder: { active: true, from: '2026-02-01', until: '2026-11-30', intervalDays: 7 },
      invoiceProductId: 'P-100',
      certificateTemplateId: null,
      requiredModuleIds: [],
      active: true,
      premium: false,
      modules: [],
      files: [],
    });
    expect((await content.get(`/api/courses/${course.id}`)).json()).toMatchObject({
      id: course.id,
      title: 'Work safety',
    });

    const updated = await content.post(
      `/api/courses/${course.id}`,
      body({ i18n: { 'fr-FR': { title: 'Sécurité', description: '' } }, premium: true, active: false }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Sécurité', locales: ['fr-FR'], premium: true, active: false });

    expect((await content.del(`/api/courses/${course.id}`)).json()).toEqual({ ok: true });
    expect((await content.get(`/api/courses/${course.id}`)).statusCode).toBe(404);
  });

  it('shows texts in the reader locale, else en-US, else de-DE (DECISIONS "course texts")', async () => {
    const { app, deps, client } = await setup();
    const french = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER', locale: 'fr-FR' }));
    const german = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER', locale: 'de-DE' }));
    const id = (await german.post('/api/courses', body())).json<Course>().id;
    expect((await german.get(`/api/courses/${id}`)).json()).toMatchObject({ title: 'Arbeitssicherheit' });
    expect((await french.get(`/api/courses/${id}`)).json()).toMatchObject({ title: 'Work safety' });
    const onlyGerman = body({ i18n: { 'de-DE': { title: 'Nur Deutsch', description: 'd' } } });
    const id2 = (await german.post('/api/courses', onlyGerman)).json<Course>().id;
    expect((await french.get(`/api/courses/${id2}`)).json()).toMatchObject({ title: 'Nur Deutsch', description: 'd' });
  });

  it('lists courses paged, sorted by the shown title, searched without regard to case or accents', async () => {
    const { content } = await setup();
    for (const title of ['Brandschutz', 'Ärztliche Hilfe', 'Compliance', 'datenschutz']) {
      await content.post('/api/courses', body({ i18n: { 'de-DE': { title, description: '' } } }));
    }
    const page1 = await content.get('/api/courses', { pageSize: '10', sort: 'title' });
    expect(page1.statusCode).toBe(200);
    const titles = page1.json<{ items: Course[] }>().items.map((c) => c.title);
    expect(titles).toEqual(['Ärztliche Hilfe', 'Brandschutz', 'Compliance', 'datenschutz']);
    const reversed = await content.get('/api/courses', { pageSize: '10', sort: 'title', order: 'desc' });
    expect(reversed.json<{ items: Course[] }>().items.map((c) => c.title)).toEqual([...titles].reverse());
    const paged = await content.get('/api/courses', { page: '2', pageSize: '10', sort: 'createdAt' });
    expect(paged.json()).toMatchObject({ total: 4, page: 2, pageSize: 10, items: [] });
    const found = await content.get('/api/courses', { search: 'ARZT' });
    expect(found.json<{ items: Course[]; total: number }>()).toMatchObject({
      total: 1,
      items: [{ title: 'Ärztliche Hilfe' }],
    });
    const desc = await content.get('/api/courses', { sort: 'createdAt', order: 'desc', pageSize: '10' });
    expect(desc.json<{ items: Course[] }>().items[0]?.title).toBe('datenschutz');
  });

  it('answers 400 with field details for bad input, never 500', async () => {
    const { content } = await setup();
    const cases = [
      body({ i18n: {} }),
      body({ i18n: { 'de-DE': { title: '  ', description: '' } } }),
      body({ i18n: { 'xx-XX': { title: 'x', description: '' } } }),
      body({ startDate: '2026-05-01', deadline: '2026-04-01' }),
      body({ reminder: { active: true, from: null, until: null, intervalDays: null } }),
      body({ durationMinutes: -1 }),
      body({ requiredModuleIds: ['0190a0a0-0000-7000-8000-000000000000'] }),
    ];
    for (const payload of cases) {
      const res = await content.post('/api/courses', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    expect((await content.get('/api/courses', { pageSize: '7' })).statusCode).toBe(400);
    expect((await content.get('/api/courses/not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses roles without content.manage with 403, and lists courses to coordinators for their picker', async () => {
    const { app, deps, client, content } = await setup();
    const id = (await content.post('/api/courses', body())).json<Course>().id;
    for (const role of ['PARTICIPANT', 'COORDINATOR', 'RESELLER'] as const) {
      const other = await signIn(app, await createUser(deps.db, client, { role }));
      // The list serves the coordinators' course picker (courses.list); the course itself stays content's.
      expect((await other.get('/api/courses')).statusCode).toBe(role === 'PARTICIPANT' ? 403 : 200);
      expect((await other.get(`/api/courses/${id}`)).statusCode).toBe(403);
      expect((await other.post('/api/courses', body())).statusCode).toBe(403);
      expect((await other.post(`/api/courses/${id}`, body())).statusCode).toBe(403);
      expect((await other.del(`/api/courses/${id}`)).statusCode).toBe(403);
    }
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    expect((await admin.get(`/api/courses/${id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another client's course and never lists it", async () => {
    const { app, deps, content } = await setup();
    const id = (await content.post('/api/courses', body())).json<Course>().id;
    const elsewhere = await createClient(deps.db);
    const foreign = await signIn(app, await createUser(deps.db, elsewhere, { role: 'ADMIN' }));
    expect((await foreign.get(`/api/courses/${id}`)).statusCode).toBe(404);
    expect((await foreign.post(`/api/courses/${id}`, body())).statusCode).toBe(404);
    expect((await foreign.del(`/api/courses/${id}`)).statusCode).toBe(404);
    expect((await foreign.get('/api/courses')).json()).toMatchObject({ total: 0, items: [] });
    expect((await content.get(`/api/courses/${id}`)).statusCode).toBe(200);
  });

  it("saves the client's own reminder and invitation templates and reads them back", async () => {
    const { content } = await setup();
    const reminder = await templateOf(content, 'reminder');
    const invitation = await templateOf(content, 'invitation');
    const created = await content.post(
      '/api/courses',
      body({ reminderMailTemplateId: reminder, invitationMailTemplateId: invitation }),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json<Course>().id;
    expect((await content.get(`/api/courses/${id}`)).json()).toMatchObject({
      reminderMailTemplateId: reminder,
      invitationMailTemplateId: invitation,
    });
    const cleared = await content.post(`/api/courses/${id}`, body({ reminderMailTemplateId: null }));
    expect(cleared.json()).toMatchObject({ reminderMailTemplateId: null, invitationMailTemplateId: null });
  });

  it("refuses another client's, an unknown or a wrong-kind template id with 400 and changes nothing", async () => {
    const { app, deps, content } = await setup();
    const own = await templateOf(content, 'reminder');
    const created = await content.post('/api/courses', body({ reminderMailTemplateId: own }));
    const course = created.json<Course>();
    const elsewhere = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    const foreign = await templateOf(elsewhere, 'reminder');
    const refused = [
      [{ reminderMailTemplateId: foreign }, 'mail_template_not_found', 'reminderMailTemplateId'],
      [{ invitationMailTemplateId: foreign }, 'mail_template_not_found', 'invitationMailTemplateId'],
      [
        { reminderMailTemplateId: '0190a0a0-0000-7000-8000-000000000000' },
        'mail_template_not_found',
        'reminderMailTemplateId',
      ],
      [{ invitationMailTemplateId: own }, 'mail_template_not_found', 'invitationMailTemplateId'],
      // An id that names no certificate template of the client (another client's: certificate-template.test.ts).
      [
        { certificateTemplateId: '0190a0a0-0000-7000-8000-000000000000' },
        'certificate_template_not_found',
        'certificateTemplateId',
      ],
    ] as const;
    const before = await content.get('/api/courses', { pageSize: '10' });
    for (const [overrides, error, field] of refused) {
      for (const url of ['/api/courses', `/api/courses/${course.id}`]) {
        const res = await content.post(url, body({ ...overrides, premium: true }));
        expect(res.statusCode, `${url} ${JSON.stringify(overrides)}`).toBe(400);
        expect(res.json()).toMatchObject({ error, details: { field } });
      }
    }
    expect((await content.get(`/api/courses/${course.id}`)).json()).toEqual(course);
    expect((await content.get('/api/courses', { pageSize: '10' })).json()).toEqual(before.json());
    // The foreign client's template is untouched and its own courses may still use it.
    expect((await elsewhere.post('/api/courses', body({ reminderMailTemplateId: foreign }))).statusCode).toBe(200);
  });

  it('course_in_use: a course a training uses is not deleted; once the training is gone, it is', async () => {
    const { deps, client, content } = await setup();
    const id = (await content.post('/api/courses', body())).json<Course>().id;
    const now = new Date().toISOString();
    const training = { id: newId(), client_id: client.id, course_id: id, created_at: now, updated_at: now };
    await deps.db.insertInto('trainings').values(training).execute();
    const res = await content.del(`/api/courses/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'course_in_use' });
    expect((await content.get(`/api/courses/${id}`)).statusCode).toBe(200);
    await deps.db.deleteFrom('trainings').where('id', '=', training.id).execute();
    expect((await content.del(`/api/courses/${id}`)).statusCode).toBe(200);
  });
});
