import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect, type Caller, type TestContext } from '../../../test/test-app';
import { newId, nowIso } from '../../platform/ids';
import { postMultipart, TINY_PDF } from '../modules/test-upload';
import { createCourse, idOf, trainingWorld } from '../trainings/test-trainings';
import { repairUserSearchKeys } from '../users/user-search-keys';

interface MyDocuments {
  items: {
    trainingId: string;
    courseId: string;
    courseTitle: string;
    files: { id: string; fileName: string; locale: string; size: number }[];
  }[];
}
interface AllDocuments {
  items: { id: string; userId: string; userName: string; courseTitle: string; issuedAt: string }[];
  total: number;
}

const uploadFile = async (admin: Caller, courseId: string, locale: string, fileName: string, content = TINY_PDF) =>
  idOf(
    await postMultipart(admin, `/api/courses/${courseId}/files`, [
      { name: 'data', value: JSON.stringify({ locale, fileName }) },
      { name: 'pdf', filename: 'upload.pdf', content },
    ]),
  );

/** A certificate row as the certificates feature writes it (the list reads rows; the file is that feature's). */
async function insertCertificate(
  ctx: () => TestContext,
  clientId: string,
  trainingId: string,
  userId: string,
  issuedAt: string,
): Promise<string> {
  const id = newId();
  await ctx()
    .deps.db.insertInto('course_certificates')
    .values({
      id,
      client_id: clientId,
      training_id: trainingId,
      user_id: userId,
      locale: 'de-DE',
      file_key: `${clientId}/certificates/${id}.pdf`,
      file_size: 100,
      issued_at: issuedAt,
      regenerated_at: null,
    })
    .execute();
  return id;
}

describeEachDialect('documents', (ctx) => {
  /** A training of the group (two en-US members) and one de-DE user; files in three locales. */
  const world = async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx);
    const german = await createUser(deps.db, w.client, { locale: 'de-DE', first_name: 'Jürgen', last_name: 'Müller' });
    const trainingId = idOf(
      await w.admin.post('/api/course-training', {
        courseId: w.courseId,
        groupIds: [w.group.id],
        userIds: [german.id],
      }),
    );
    const de = await uploadFile(w.admin, w.courseId, 'de-DE', 'Prüfungsübersicht für Größen – Ärger.pdf');
    const en = await uploadFile(w.admin, w.courseId, 'en-US', 'Checklist');
    const fr = await uploadFile(w.admin, w.courseId, 'fr-FR', 'Fiche.pdf');
    await repairUserSearchKeys(deps.db, w.client.id);
    const member = await signIn(app, w.members[0]!);
    const germanSession = await signIn(app, german);
    return { ...w, trainingId, german, germanSession, member, files: { de, en, fr } };
  };

  it('lists my trainings with their course files in my locale, else en-US, else de-DE', async () => {
    const w = await world();
    // A second course assigned to the member has only a German file: it is shown to the English reader.
    const other = await createCourse(w.admin, { title: 'Erste Hilfe', modules: 1 });
    await w.admin.post('/api/course-training', { courseId: other.courseId, userIds: [w.members[0]!.id] });
    const onlyGerman = await uploadFile(w.admin, other.courseId, 'de-DE', 'Notfallplan.pdf');
    // A course without a training of mine is not listed, nor are its files.
    const foreign = await createCourse(w.admin, { title: 'Geheim', modules: 1 });
    await uploadFile(w.admin, foreign.courseId, 'en-US', 'Secret.pdf');

    const mine = await w.member.get('/api/documents');
    expect(mine.statusCode).toBe(200);
    const items = mine.json<MyDocuments>().items;
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.courseId === w.courseId)).toMatchObject({
      trainingId: w.trainingId,
      courseTitle: 'Arbeitssicherheit (en)',
      files: [{ id: w.files.en, fileName: 'Checklist', locale: 'en-US', size: TINY_PDF.length }],
    });
    expect(items.find((i) => i.courseId === other.courseId)?.files.map((f) => f.id)).toEqual([onlyGerman]);
    expect(mine.body).not.toContain('Secret');

    const german = (await w.germanSession.get('/api/documents')).json<MyDocuments>();
    expect(german.items).toEqual([
      expect.objectContaining({
        courseTitle: 'Arbeitssicherheit',
        files: [expect.objectContaining({ id: w.files.de })],
      }),
    ]);

    const { deps, app } = ctx();
    const lonely = await signIn(app, await createUser(deps.db, w.client, { locale: 'fr-FR' }));
    expect((await lonely.get('/api/documents')).json()).toEqual({ items: [] });
  });

  it('streams my file as an attachment with its UTF-8 name (umlauts) and the PDF type', async () => {
    const w = await world();
    const res = await w.germanSession.get(`/api/documents/${w.files.de}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(TINY_PDF.length);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Prüfungsübersicht für Größen – Ärger.pdf')}`);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Prüfungsübersicht für Größen – Ärger.pdf');
    expect(res.rawPayload.equals(TINY_PDF)).toBe(true);
    // Any locale of my course may be downloaded; a name without .pdf gets it.
    const en = await w.germanSession.get(`/api/documents/${w.files.en}/download`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toContain("filename*=UTF-8''Checklist.pdf");
  });

  it('answers 404 for a file of a course that is not mine, of another client, or unknown; 400 for a bad id', async () => {
    const w = await world();
    const { app, deps } = ctx();
    // The admin made the course but has no training of it: a learner's download is about their trainings.
    const notMine = await w.admin.get(`/api/documents/${w.files.de}/download`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.rawPayload.includes(TINY_PDF.subarray(0, 8))).toBe(false);
    const outsider = await signIn(app, await createUser(deps.db, w.client));
    expect((await outsider.get(`/api/documents/${w.files.de}/download`)).statusCode).toBe(404);
    // Another client's admin with a training of their own.
    const b = await trainingWorld(ctx);
    const foreign = await b.admin.get(`/api/documents/${w.files.de}/download`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'not_found' });
    expect(foreign.body).not.toContain('Prüfung');
    expect((await b.admin.get('/api/documents')).body).not.toContain(w.files.de);
    expect((await w.member.get(`/api/documents/${newId()}/download`)).statusCode).toBe(404);
    const bad = await w.member.get('/api/documents/not-an-id/download');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    expect((await caller401(ctx, w.client.host).get('/api/documents')).statusCode).toBe(401);
  });

  it("answers 404 to another client's participant for this client's course file, and never lists it", async () => {
    const w = await world();
    const b = await trainingWorld(ctx);
    await b.admin.post('/api/course-training', { courseId: b.courseId, groupIds: [b.group.id] });
    const foreign = await signIn(ctx().app, b.members[0]!);
    const res = await foreign.get(`/api/documents/${w.files.de}/download`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect(res.body).not.toContain('Prüfung');
    const workaround = await foreign.get('/api/documents/file', { type: 'course-file', id: w.files.de });
    expect(workaround.statusCode).toBe(404);
    const mine = await foreign.get('/api/documents');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(w.files.de);
    // The same file for the client's own participant, so the 404 above is about the client, not the file.
    expect((await w.member.get(`/api/documents/${w.files.de}/download`)).statusCode).toBe(200);
  });

  it('the workaround lookup serves my course file, hands a certificate to its download, refuses other kinds', async () => {
    const w = await world();
    const file = await w.member.get('/api/documents/file', { type: 'course-file', id: w.files.en });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Checklist.pdf");
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    const certificateId = newId();
    const cert = await w.member.get('/api/documents/file', { type: 'certificate', id: certificateId });
    expect(cert.statusCode).toBe(307);
    expect(cert.headers.location).toBe(`/api/course-certificate/${certificateId}/download`);
    const unknown = await w.member.get('/api/documents/file', { type: 'exe', id: w.files.en });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'unknown_file_type' });
    expect((await w.member.get('/api/documents/file', { type: 'course-file' })).statusCode).toBe(400);
    expect((await w.admin.get('/api/documents/file', { type: 'course-file', id: w.files.en })).statusCode).toBe(404);
  });

  it('lists all certificates in scope: admins the client, coordinators their groups, paged, searched and sorted', async () => {
    const w = await world();
    const { app, deps } = ctx();
    const [m0, m1] = w.members as [(typeof w.members)[0], (typeof w.members)[0]];
    const c0 = await insertCertificate(ctx, w.client.id, w.trainingId, m0.id, '2026-03-01T10:00:00.000Z');
    const c1 = await insertCertificate(ctx, w.client.id, w.trainingId, m1.id, '2026-03-02T10:00:00.000Z');
    const cg = await insertCertificate(ctx, w.client.id, w.trainingId, w.german.id, '2026-03-03T10:00:00.000Z');

    const all = await w.admin.get('/api/users/allDocuments', { sort: 'issuedAt', order: 'desc' });
    expect(all.statusCode).toBe(200);
    const page = all.json<AllDocuments>();
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.id)).toEqual([cg, c1, c0]);
    expect(page.items[0]).toMatchObject({
      kind: 'certificate',
      userId: w.german.id,
      userName: 'Jürgen Müller',
      courseTitle: 'Arbeitssicherheit (en)',
      trainingId: w.trainingId,
      courseId: w.courseId,
      issuedAt: '2026-03-03T10:00:00.000Z',
    });
    const byName = (await w.admin.get('/api/users/allDocuments', { sort: 'userName' })).json<AllDocuments>();
    expect(byName.items[0]?.id).toBe(cg); // 'muller jurgen' before 'user …'
    const searched = (await w.admin.get('/api/users/allDocuments', { search: 'müller' })).json<AllDocuments>();
    expect(searched.items.map((i) => i.id)).toEqual([cg]);
    expect((await w.admin.get('/api/users/allDocuments', { search: 'ARBEITS jürgen' })).json()).toMatchObject({
      total: 1,
    });
    expect((await w.admin.get('/api/users/allDocuments', { search: 'nobody at all' })).json()).toMatchObject({
      total: 0,
      items: [],
    });
    const paged = (await w.admin.get('/api/users/allDocuments', { pageSize: '10', page: '2' })).json<AllDocuments>();
    expect(paged).toMatchObject({ total: 3, items: [], page: 2, pageSize: 10 });

    // A coordinator of the group sees its members' certificates, not the directly assigned German user's.
    const coordinator = await createUser(deps.db, w.client, { role: 'COORDINATOR', locale: 'de-DE' });
    await deps.db
      .insertInto('group_coordinators')
      .values({ client_id: w.client.id, group_id: w.group.id, user_id: coordinator.id, created_at: nowIso() })
      .execute();
    const coord = await signIn(app, coordinator);
    const theirs = (await coord.get('/api/users/allDocuments', { sort: 'issuedAt' })).json<AllDocuments>();
    expect(theirs.items.map((i) => i.id)).toEqual([c0, c1]);
    expect(theirs.items[0]?.courseTitle).toBe('Arbeitssicherheit');
    // A coordinator of another group sees none.
    const elsewhere = await createUser(deps.db, w.client, { role: 'COORDINATOR' });
    await createGroup(deps.db, w.client, { name: 'Büro', members: [m0], coordinators: [elsewhere] });
    expect((await (await signIn(app, elsewhere)).get('/api/users/allDocuments')).json()).toMatchObject({ total: 0 });
  });

  it('all documents: 403 for learners, 400 for a bad query, nothing of another client', async () => {
    const w = await world();
    const { app, deps } = ctx();
    await insertCertificate(ctx, w.client.id, w.trainingId, w.members[0]!.id, '2026-03-01T10:00:00.000Z');
    const refused = await w.member.get('/api/users/allDocuments');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden' });
    const content = await signIn(app, await createUser(deps.db, w.client, { role: 'CONTENT_MASTER' }));
    expect((await content.get('/api/users/allDocuments')).statusCode).toBe(403);
    const queries: Record<string, string>[] = [
      { sort: 'password' },
      { pageSize: '7' },
      { page: '0' },
      { order: 'sideways' },
    ];
    for (const query of queries) {
      const bad = await w.admin.get('/api/users/allDocuments', query);
      expect(bad.statusCode, JSON.stringify(query)).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    }
    const otherClient = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, otherClient, { role: 'ADMIN' }));
    const foreign = await otherAdmin.get('/api/users/allDocuments');
    expect(foreign.json()).toMatchObject({ total: 0, items: [] });
    expect(foreign.body).not.toContain('Arbeitssicherheit');
  });
});

const caller401 = (ctx: () => TestContext, host: string) =>
  ({ get: (url: string) => ctx().app.inject({ method: 'GET', url, headers: { host } }) }) as Pick<Caller, 'get'>;
