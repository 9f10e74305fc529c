import { CERTIFICATE_BACKGROUND_MAX_BYTES } from '@lms/contracts/certificates';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../../test/factories';
import { multipartFile } from '../../../../test/multipart';
import { describeEachDialect, type Caller } from '../../../../test/test-app';
import { TINY_PDF, TINY_PNG } from '../../modules/test-upload';
import { backgroundPdf, pdfText } from './test-certificate-pdf';

interface Template {
  id: string;
  name: string;
  courseCount: number;
  locales: { locale: string; subtitle: string; body: string; backgroundFileName: string | null }[];
}

const upload = (who: Caller, id: string, locale: string, bytes: Buffer, name = 'hintergrund.pdf') =>
  who.inject({
    method: 'POST',
    url: `/api/certificate-template/${id}/file/${locale}`,
    ...multipartFile(bytes, name, 'application/pdf'),
  });

describeEachDialect('certificate templates', (ctx) => {
  const setup = async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    return { client, content };
  };

  it('creates, lists, reads, updates and deletes a template; locales left out start from the default texts', async () => {
    const { content } = await setup();
    const created = await content.post('/api/certificate-template', {
      name: 'Sicherheit',
      locales: { 'de-DE': { subtitle: 'Bescheinigung', body: '{{name}} hat „{{course}}“ am {{date}} abgeschlossen.' } },
    });
    expect(created.statusCode).toBe(200);
    const template = created.json<Template>();
    expect(template).toMatchObject({ name: 'Sicherheit', courseCount: 0 });
    expect(template.locales.map((l) => l.locale)).toEqual(['de-DE', 'en-US', 'fr-FR']);
    expect(template.locales[0]).toMatchObject({ subtitle: 'Bescheinigung', backgroundFileName: null });
    expect(template.locales[1]).toMatchObject({ subtitle: 'Certificate of participation' });
    expect(template.locales[2]?.body).toContain('{{name}}');

    await content.post('/api/certificate-template', { name: 'Andere Vorlage' });
    const list = await content.get('/api/certificate-template', { pageSize: '10', search: 'sicher' });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: template.id, subtitle: 'Bescheinigung' }] });
    const all = await content.get('/api/certificate-template', { pageSize: '10', sort: 'name', order: 'desc' });
    expect(all.json<{ items: { name: string }[] }>().items.map((i) => i.name)).toEqual([
      'Sicherheit',
      'Andere Vorlage',
    ]);

    const updated = await content.post(`/api/certificate-template/${template.id}`, {
      name: 'Sicherheit 2026',
      locales: { 'fr-FR': { subtitle: 'Attestation', body: '{{ name }} : {{duration}}' } },
    });
    expect(updated.statusCode).toBe(200);
    const read = (await content.get(`/api/certificate-template/${template.id}`)).json<Template>();
    expect(read.name).toBe('Sicherheit 2026');
    expect(read.locales.find((l) => l.locale === 'fr-FR')).toMatchObject({ body: '{{ name }} : {{duration}}' });
    expect(read.locales.find((l) => l.locale === 'de-DE')).toMatchObject({ subtitle: 'Bescheinigung' });

    expect((await content.del(`/api/certificate-template/${template.id}`)).json()).toEqual({ ok: true });
    expect((await content.get(`/api/certificate-template/${template.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown placeholder at save time (400 template_placeholder_unknown naming it) and a missing body', async () => {
    const { content } = await setup();
    const bad = { subtitle: 'Für {{vorname}}', body: '{{name}} {{kurs}}' };
    const created = await content.post('/api/certificate-template', { name: 'X', locales: { 'de-DE': bad } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      error: 'template_placeholder_unknown',
      details: { locale: 'de-DE', field: 'subtitle', placeholders: ['vorname'] },
    });
    const id = (await content.post('/api/certificate-template', { name: 'X' })).json<Template>().id;
    const body = { locales: { 'en-US': { subtitle: '', body: 'Done: {{courseTitle}}' } } };
    const updated = await content.post(`/api/certificate-template/${id}`, body);
    expect(updated.json()).toMatchObject({
      error: 'template_placeholder_unknown',
      details: { locale: 'en-US', field: 'body', placeholders: ['courseTitle'] },
    });
    const preview = await content.post(`/api/certificate-template/${id}/preview/de-DE`, {
      content: { body: '{{datum}}' },
    });
    expect(preview.json()).toMatchObject({
      error: 'template_placeholder_unknown',
      details: { placeholders: ['datum'] },
    });
    const empty = await content.post(`/api/certificate-template/${id}`, { locales: { 'de-DE': { subtitle: 'S' } } });
    expect(empty.json()).toMatchObject({ error: 'validation_failed' });
    expect((await content.post('/api/certificate-template', { name: ' ' })).statusCode).toBe(400);
    // Nothing of the refused texts was saved.
    const read = (await content.get(`/api/certificate-template/${id}`)).json<Template>();
    expect(read.locales.find((l) => l.locale === 'en-US')?.body).not.toContain('courseTitle');
  });

  it('answers 403 to roles without the content capability and 404 for another client’s or an unknown template', async () => {
    const { app, deps } = ctx();
    const { client, content } = await setup();
    const id = (await content.post('/api/certificate-template', { name: 'Eigene' })).json<Template>().id;
    for (const role of ['PARTICIPANT', 'COORDINATOR', 'RESELLER_COORDINATOR'] as const) {
      const who = await signIn(app, await createUser(deps.db, client, { role }));
      expect((await who.get('/api/certificate-template')).statusCode, role).toBe(403);
      expect((await who.get(`/api/certificate-template/${id}`)).statusCode, role).toBe(403);
      expect((await who.post(`/api/certificate-template/${id}`, { name: 'Übernommen' })).statusCode, role).toBe(403);
    }
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    expect((await admin.get(`/api/certificate-template/${id}`)).statusCode).toBe(200);
    const other = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'CONTENT_MASTER' }));
    expect((await other.get(`/api/certificate-template/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/certificate-template/${id}`, { name: 'Übernommen' })).statusCode).toBe(404);
    expect((await other.del(`/api/certificate-template/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/certificate-template/${id}/preview/de-DE`, {})).statusCode).toBe(404);
    expect((await upload(other, id, 'de-DE', await backgroundPdf())).statusCode).toBe(404);
    expect((await other.get('/api/certificate-template')).json()).toMatchObject({ total: 0 });
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect((await content.get(`/api/certificate-template/${unknown}`)).statusCode).toBe(404);
    expect((await content.get(`/api/certificate-template/${id}`)).json<Template>().name).toBe('Eigene');
  });

  it('a course accepts its client’s template and refuses another client’s; a template in use is not deleted (409)', async () => {
    const { app, deps } = ctx();
    const { content } = await setup();
    const id = (await content.post('/api/certificate-template', { name: 'Kursvorlage' })).json<Template>().id;
    const course = { i18n: { 'de-DE': { title: 'Kurs', description: '' } } };
    const made = await content.post('/api/courses', { ...course, certificateTemplateId: id });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ certificateTemplateId: id });
    const other = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'CONTENT_MASTER' }));
    const foreign = await other.post('/api/courses', { ...course, certificateTemplateId: id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      error: 'certificate_template_not_found',
      details: { field: 'certificateTemplateId' },
    });

    expect((await content.get(`/api/certificate-template/${id}`)).json()).toMatchObject({ courseCount: 1 });
    const refused = await content.del(`/api/certificate-template/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'certificate_template_in_use', details: { courses: 1 } });
    const courseId = made.json<{ id: string }>().id;
    expect(
      (await content.post(`/api/courses/${courseId}`, { ...course, certificateTemplateId: null })).statusCode,
    ).toBe(200);
    expect((await content.del(`/api/certificate-template/${id}`)).statusCode).toBe(200);
  });

  it('takes a PDF background per locale, judged by its bytes and size, and removes it again', async () => {
    const { content } = await setup();
    const id = (await content.post('/api/certificate-template', { name: 'Mit Hintergrund' })).json<Template>().id;
    const stored = await upload(content, id, 'de-DE', await backgroundPdf(), 'Urkunde Ä.pdf');
    expect(stored.statusCode).toBe(200);
    expect(stored.json<Template>().locales[0]).toMatchObject({ locale: 'de-DE', backgroundFileName: 'Urkunde Ä.pdf' });
    expect(stored.json<Template>().locales[1]?.backgroundFileName).toBeNull();
    const list = await content.get('/api/certificate-template');
    expect(list.json()).toMatchObject({ items: [{ backgroundLocales: ['de-DE'] }] });

    const png = await upload(content, id, 'en-US', TINY_PNG, 'bild.pdf');
    expect(png.json()).toMatchObject({ error: 'unknown_file_type' });
    // Starts like a PDF but has no page.
    const pageless = await upload(content, id, 'en-US', TINY_PDF);
    expect(pageless.json()).toMatchObject({ error: 'certificate_background_unreadable' });
    const broken = await upload(content, id, 'en-US', Buffer.from('%PDF-1.7\nnothing else'));
    expect(broken.json()).toMatchObject({ error: 'certificate_background_unreadable' });
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(CERTIFICATE_BACKGROUND_MAX_BYTES)]);
    expect((await upload(content, id, 'en-US', huge)).statusCode).toBe(413);
    expect((await content.get(`/api/certificate-template/${id}`)).json<Template>().locales[1]?.backgroundFileName).toBe(
      null,
    );

    const removed = await content.del(`/api/certificate-template/${id}/file/de-DE`);
    expect(removed.json<Template>().locales[0]?.backgroundFileName).toBeNull();
  });

  it('previews the certificate as a PDF with sample values, the unsaved texts and the saved background', async () => {
    const { content } = await setup();
    const id = (await content.post('/api/certificate-template', { name: 'Vorschau' })).json<Template>().id;
    await upload(content, id, 'de-DE', await backgroundPdf('URKUNDE'));
    const res = await content.post(`/api/certificate-template/${id}/preview/de-DE`, {
      content: { subtitle: 'Nachweis über Fortbildung', body: 'Für {{name}}: „{{course}}“, {{duration}}.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['x-page-size']).toBe('842x595');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('URKUNDE');
    expect(text).toContain('Nachweis über Fortbildung');
    expect(text).toContain('Für Erika Müller: „Datenschutz-Grundlagen“, 1 Stunde, 30 Minuten.');
    // Without a draft: the saved French texts on a plain page.
    const french = await content.post(`/api/certificate-template/${id}/preview/fr-FR`);
    expect(french.statusCode).toBe(200);
    expect(french.headers['x-page-size']).toBe('595x842');
    expect(await pdfText(french.rawPayload)).toContain('Chloé Dupont a suivi avec succès la formation');
  });
});
