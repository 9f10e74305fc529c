import { beforeAll, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart';
import { describeEachDialect, type Caller } from '../../../test/test-app';
import { HOSTILE_MARKDOWN, legalWorld, onePagePdf, PNG_DATA, type LegalWorld } from './test-legal-texts';

const uploadPdf = (who: Caller, clientId: string, kind: string, bytes: Buffer, name = 'impressum.pdf') =>
  who.inject({
    method: 'POST',
    url: `/api/client/${clientId}/legal-texts/${kind}/pdf`,
    ...multipartFile(bytes, name, 'application/pdf'),
  });

/** The sanitising acceptance: none of script, onerror, javascript: or an https image; the data: image. */
function expectSanitised(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toContain('alert');
  expect(html).not.toMatch(/onerror/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toContain('tracker.example');
  expect(html).toContain(`<img src="${PNG_DATA}" alt="Logo" />`);
  expect(html).toContain('href="https://firm.example"');
}

describeEachDialect('legal texts', (ctx) => {
  let w: LegalWorld;
  beforeAll(async () => {
    w = await legalWorld(ctx);
  });

  it('renders a hostile Markdown imprint without script, onerror, javascript: or https images, keeps data:image/png, and keeps the text as written', async () => {
    const saved = await w.resoldAdmin.post(`/api/client/${w.resold.id}/legal-texts/imprint`, {
      type: 'MARKDOWN',
      value: HOSTILE_MARKDOWN,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ imprint: { type: 'MARKDOWN', value: HOSTILE_MARKDOWN }, hasReseller: true });
    const page = await w.anonymous(w.resold).get('/api/client/imprint');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ kind: 'imprint', type: 'HTML' });
    expectSanitised(page.json<{ html: string }>().html);
    // The public client says which type the page has, at once (the tenant cache was told).
    expect((await w.anonymous(w.resold).get('/api/client/current')).json()).toMatchObject({ imprintType: 'MARKDOWN' });
  });

  it('sanitises CUSTOM HTML the same way, and the preview answers what a reader gets', async () => {
    const html = `<h1>Datenschutz</h1><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">x</a><img src="https://tracker.example/p.png"><img src="${PNG_DATA}" alt="Logo"><a href="https://firm.example">Website</a><iframe src="https://x.example"></iframe>`;
    await w.resoldAdmin.post(`/api/client/${w.resold.id}/legal-texts/privacy-policy`, { type: 'CUSTOM', value: html });
    const page = (await w.anonymous(w.resold).get('/api/client/privacy-policy')).json<{ html: string }>();
    expectSanitised(page.html);
    expect(page.html).not.toContain('iframe');
    const preview = await w.resoldAdmin.post('/api/legal-texts/preview', {
      format: 'MARKDOWN',
      text: HOSTILE_MARKDOWN,
    });
    expect(preview.statusCode).toBe(200);
    expectSanitised(preview.json<{ html: string }>().html);
    expect((await w.participant.post('/api/legal-texts/preview', { format: 'CUSTOM', text: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('accepts an https URL, which the page redirects to, and refuses http:, javascript: and an empty one', async () => {
    const url = `/api/client/${w.resold.id}/legal-texts/imprint`;
    for (const value of ['http://firm.example/impressum', 'javascript:alert(1)', 'ftp://firm.example', 'https://']) {
      const res = await w.resoldAdmin.post(url, { type: 'URL', value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json(), value).toMatchObject({ error: 'legal_text_url_not_https' });
    }
    expect((await w.resoldAdmin.post(url, { type: 'URL', value: ' ' })).json()).toMatchObject({
      error: 'legal_text_value_required',
    });
    expect((await w.resoldAdmin.post(url, { type: 'URL', value: 'https://firm.example/impressum' })).statusCode).toBe(
      200,
    );
    expect((await w.anonymous(w.resold).get('/api/client/imprint')).json()).toEqual({
      kind: 'imprint',
      type: 'URL',
      url: 'https://firm.example/impressum',
    });
  });

  it('refuses an unknown type or kind, an empty Markdown text and UPLOAD without a PDF (400 with a code)', async () => {
    const base = `/api/client/${w.resold.id}/legal-texts`;
    expect((await w.resoldAdmin.post(`${base}/imprint`, { type: 'WORD', value: 'x' })).json()).toMatchObject({
      error: 'validation_failed',
    });
    expect((await w.resoldAdmin.post(`${base}/agb`, { type: 'MARKDOWN', value: 'x' })).statusCode).toBe(400);
    expect((await w.resoldAdmin.post(`${base}/imprint`, { type: 'MARKDOWN', value: '  ' })).json()).toMatchObject({
      error: 'legal_text_value_required',
    });
    const noPdf = await w.resoldAdmin.post(`${base}/privacy-policy`, { type: 'UPLOAD' });
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json()).toMatchObject({ error: 'legal_text_no_pdf' });
  });

  it('stores an uploaded PDF, shows it inline on the public page, and refuses a file that is not really a PDF', async () => {
    const fake = await uploadPdf(w.resoldAdmin, w.resold.id, 'privacy-policy', Buffer.from('%PDX not a pdf at all'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ error: 'legal_text_not_pdf' });
    const png = Buffer.from(PNG_DATA.split(',')[1] ?? '', 'base64');
    expect(
      (await uploadPdf(w.resoldAdmin, w.resold.id, 'privacy-policy', png, 'datenschutz.pdf')).json(),
    ).toMatchObject({
      error: 'legal_text_not_pdf',
    });
    const pdf = await onePagePdf();
    const ok = await uploadPdf(w.resoldAdmin, w.resold.id, 'privacy-policy', pdf, 'Datenschutzerklärung.pdf');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      privacyPolicy: { type: 'UPLOAD', value: null, pdf: { fileName: 'Datenschutzerklärung.pdf', size: pdf.length } },
    });
    const page = (await w.anonymous(w.resold).get('/api/client/privacy-policy')).json<{ pdfUrl: string }>();
    expect(page).toEqual({ kind: 'privacy-policy', type: 'PDF', pdfUrl: '/api/client/privacy-policy/pdf' });
    const file = await w.anonymous(w.resold).get(page.pdfUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline; /);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const editor = await w.resellerCoordinator.get(`/api/client/${w.resold.id}/legal-texts/privacy-policy/pdf`);
    expect(editor.statusCode).toBe(200);
    expect(editor.rawPayload.equals(pdf)).toBe(true);
    // Switching away keeps the file, so UPLOAD can be chosen again without a new upload.
    const base = `/api/client/${w.resold.id}/legal-texts/privacy-policy`;
    await w.resoldAdmin.post(base, { type: 'MARKDOWN', value: 'Text' });
    expect((await w.anonymous(w.resold).get(page.pdfUrl)).statusCode).toBe(404);
    expect((await w.resoldAdmin.post(base, { type: 'UPLOAD' })).json()).toMatchObject({
      privacyPolicy: { type: 'UPLOAD' },
    });
  });

  it('lets a RESELLER_COORDINATOR read a resold client but not write; a PARTICIPANT gets 403', async () => {
    const read = await w.resellerCoordinator.get(`/api/client/${w.resold.id}/legal-texts`);
    expect(read.statusCode).toBe(200);
    const base = `/api/client/${w.resold.id}/legal-texts/imprint`;
    expect((await w.resellerCoordinator.post(base, { type: 'MARKDOWN', value: 'x' })).statusCode).toBe(403);
    expect((await uploadPdf(w.resellerCoordinator, w.resold.id, 'imprint', await onePagePdf())).statusCode).toBe(403);
    expect((await w.participant.get(`/api/client/${w.resold.id}/legal-texts`)).statusCode).toBe(403);
    expect((await w.resellerUser.post(base, { type: 'MARKDOWN', value: 'Vom Reseller' })).statusCode).toBe(200);
  });

  it('answers 404 for a client out of scope, leaking nothing, and stores nothing there', async () => {
    await w.superadmin.post(`/api/client/${w.root.id}/legal-texts/imprint`, { type: 'MARKDOWN', value: 'Geheim-Root' });
    for (const res of [
      await w.resoldAdmin.get(`/api/client/${w.root.id}/legal-texts`),
      await w.resellerUser.get(`/api/client/${w.root.id}/legal-texts`),
      await w.resellerCoordinator.get(`/api/client/${w.root.id}/legal-texts`),
      await w.resoldAdmin.post(`/api/client/${w.root.id}/legal-texts/imprint`, { type: 'MARKDOWN', value: 'x' }),
      await uploadPdf(w.resoldAdmin, w.root.id, 'imprint', await onePagePdf()),
      await w.resoldAdmin.get(`/api/client/${w.root.id}/legal-texts/imprint/pdf`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Geheim-Root');
    }
    const { deps } = ctx();
    expect(
      await deps.db.selectFrom('client_legal_pdfs').where('client_id', '=', w.root.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('lets only a SUPERADMIN write the root client texts that CSX shows everywhere', async () => {
    const res = await w.rootAdmin.post(`/api/client/${w.root.id}/legal-texts/imprint`, {
      type: 'MARKDOWN',
      value: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect((await w.rootAdmin.get(`/api/client/${w.root.id}/legal-texts`)).json()).toMatchObject({ isRoot: true });
  });
});
