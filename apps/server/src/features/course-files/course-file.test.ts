import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect, type Caller } from '../../../test/test-app';
import { postMultipart, TINY_PDF, TINY_PNG, type Part } from '../modules/test-upload';

interface CourseFile {
  id: string;
  locale: string;
  fileName: string;
  pdfSize: number;
  hasLogo: boolean;
  logoMime: string | null;
}
interface Answer {
  id: string;
  course: { id: string; files: CourseFile[] };
}

const data = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ locale: 'de-DE', fileName: 'Merkblatt Brandschutz.pdf', ...fields });

const upload = (who: Caller, courseId: string, parts: Part[], id?: string) =>
  postMultipart(who, `/api/courses/${courseId}/files${id ? `/${id}` : ''}`, parts);

const pdf = (content = TINY_PDF): Part => ({ name: 'pdf', filename: 'x.bin', content });
const logo = (content = TINY_PNG): Part => ({ name: 'logo', filename: 'logo.dat', content });

describeEachDialect('course files', (ctx) => {
  const setup = async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    const course = await content.post('/api/courses', { i18n: { 'de-DE': { title: 'Brandschutz', description: '' } } });
    return { app, deps, client, content, courseId: course.json<{ id: string }>().id };
  };

  it('uploads a PDF with a logo per locale, answers the course and the id, and serves both back', async () => {
    const { content, courseId } = await setup();
    const res = await upload(content, courseId, [{ name: 'data', value: data() }, pdf(), logo()]);
    expect(res.statusCode).toBe(200);
    const answer = res.json<Answer>();
    expect(answer.course.id).toBe(courseId);
    expect(answer.course.files).toEqual([
      expect.objectContaining({
        id: answer.id,
        locale: 'de-DE',
        fileName: 'Merkblatt Brandschutz.pdf',
        pdfSize: TINY_PDF.length,
        hasLogo: true,
        logoMime: 'image/png',
      }),
    ]);
    const served = await content.get(`/api/courses/${courseId}/files/${answer.id}/pdf`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toContain("filename*=UTF-8''Merkblatt%20Brandschutz.pdf");
    expect(served.rawPayload.equals(TINY_PDF)).toBe(true);
    const served2 = await content.get(`/api/courses/${courseId}/files/${answer.id}/logo`);
    expect(served2.headers['content-type']).toBe('image/png');
  });

  it('updates name and locale, replaces the PDF and drops the logo', async () => {
    const { content, courseId } = await setup();
    const id = (await upload(content, courseId, [{ name: 'data', value: data() }, pdf(), logo()])).json<Answer>().id;
    const bigger = Buffer.concat([TINY_PDF, Buffer.from('% padding\n')]);
    const res = await upload(
      content,
      courseId,
      [{ name: 'data', value: data({ locale: 'fr-FR', fileName: 'Fiche.pdf', removeLogo: true }) }, pdf(bigger)],
      id,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Answer>().course.files[0]).toMatchObject({
      id,
      locale: 'fr-FR',
      fileName: 'Fiche.pdf',
      pdfSize: bigger.length,
      hasLogo: false,
    });
    expect((await content.get(`/api/courses/${courseId}/files/${id}/logo`)).statusCode).toBe(404);
    expect((await content.get(`/api/courses/${courseId}/files/${id}/pdf`)).rawPayload.equals(bigger)).toBe(true);
    expect((await content.del(`/api/courses/${courseId}/files/${id}`)).json()).toEqual({ ok: true });
    expect((await content.get(`/api/courses/${courseId}`)).json()).toMatchObject({ files: [] });
  });

  it('judges uploads by content: a PNG as PDF or a PDF as logo is refused', async () => {
    const { content, courseId } = await setup();
    const notPdf = await upload(content, courseId, [{ name: 'data', value: data() }, pdf(TINY_PNG)]);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ error: 'unknown_file_type', details: { field: 'pdf' } });
    const notImage = await upload(content, courseId, [{ name: 'data', value: data() }, pdf(), logo(TINY_PDF)]);
    expect(notImage.json()).toMatchObject({ error: 'unknown_file_type', details: { field: 'logo' } });
    expect((await content.get(`/api/courses/${courseId}`)).json()).toMatchObject({ files: [] });
  });

  it('answers 400 for bad data, a missing PDF or an unexpected part', async () => {
    const { content, courseId } = await setup();
    const cases: Part[][] = [
      [{ name: 'data', value: data({ locale: 'xx' }) }, pdf()],
      [{ name: 'data', value: data({ fileName: '../etc/passwd' }) }, pdf()],
      [{ name: 'data', value: data({ fileName: '' }) }, pdf()],
      [{ name: 'data', value: data() }],
      [pdf()],
      [{ name: 'data', value: data() }, pdf(), { name: 'other', filename: 'o', content: TINY_PDF }],
    ];
    for (const parts of cases) {
      const res = await upload(content, courseId, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
  });

  it('refuses participants with 403 and another client with 404', async () => {
    const { app, deps, client, content, courseId } = await setup();
    const id = (await upload(content, courseId, [{ name: 'data', value: data() }, pdf()])).json<Answer>().id;
    const participant = await signIn(app, await createUser(deps.db, client));
    expect((await upload(participant, courseId, [{ name: 'data', value: data() }, pdf()])).statusCode).toBe(403);
    expect((await participant.get(`/api/courses/${courseId}/files/${id}/pdf`)).statusCode).toBe(403);
    expect((await participant.del(`/api/courses/${courseId}/files/${id}`)).statusCode).toBe(403);
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await upload(foreign, courseId, [{ name: 'data', value: data() }, pdf()])).statusCode).toBe(404);
    expect((await upload(foreign, courseId, [{ name: 'data', value: data() }], id)).statusCode).toBe(404);
    expect((await foreign.get(`/api/courses/${courseId}/files/${id}/pdf`)).statusCode).toBe(404);
    expect((await foreign.del(`/api/courses/${courseId}/files/${id}`)).statusCode).toBe(404);
    expect((await content.get(`/api/courses/${courseId}`)).json<Answer['course']>().files).toHaveLength(1);
  });
});
