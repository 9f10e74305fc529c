import { beforeAll, expect, it } from 'vitest';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import { caller, describeEachDialect, type Caller } from '../../../test/test-app';

describeEachDialect('platform texts (FAQ, About)', (ctx) => {
  let client: TestClient;
  let superadmin: Caller;
  let admin: Caller;
  let anonymous: Caller;
  beforeAll(async () => {
    const { app, deps } = ctx();
    client = await createClient(deps.db);
    superadmin = await signIn(app, await createUser(deps.db, client, { role: 'SUPERADMIN' }));
    admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    anonymous = caller(app, client.host);
  });

  it('serves the seeded FAQ to anyone, split into questions, in each locale', async () => {
    for (const [locale, question] of [
      ['de-DE', 'Wo finde ich mein Zertifikat?'],
      ['en-US', 'Where do I find my certificate?'],
      ['fr-FR', 'Où trouver mon attestation ?'],
    ] as const) {
      const res = await anonymous.get('/api/platform-texts/faq', { locale });
      expect(res.statusCode).toBe(200);
      const faq = res.json<{ locale: string; sections: Array<{ title: string; html: string }>; introHtml: string }>();
      expect(faq.locale).toBe(locale);
      expect(faq.introHtml).not.toBe('');
      expect(faq.sections.length).toBeGreaterThan(5);
      expect(faq.sections.map((s) => s.title)).toContain(question);
    }
    const about = (await anonymous.get('/api/platform-texts/about', { locale: 'en-US' })).json<{ html: string }>();
    expect(about.html).toContain('<strong>Certificates</strong>');
  });

  it('falls back to en-US, then de-DE, when a locale has no text', async () => {
    await superadmin.post('/api/platform-texts/about', { locale: 'fr-FR', markdown: '   ' });
    expect((await anonymous.get('/api/platform-texts/about', { locale: 'fr-FR' })).json()).toMatchObject({
      locale: 'en-US',
    });
    await superadmin.post('/api/platform-texts/about', { locale: 'en-US', markdown: '' });
    expect((await anonymous.get('/api/platform-texts/about', { locale: 'fr-FR' })).json()).toMatchObject({
      locale: 'de-DE',
    });
    expect((await anonymous.get('/api/platform-texts/about')).json()).toMatchObject({ locale: 'de-DE' });
  });

  it('a SUPERADMIN saves sanitised Markdown; the text is kept as written', async () => {
    const markdown =
      '## Gibt es eine App?\nNein. <script>alert(1)</script>[x](javascript:alert(1)) ![p](https://t.example/p.png)';
    const res = await superadmin.post('/api/platform-texts/faq', { locale: 'de-DE', markdown });
    expect(res.statusCode).toBe(200);
    const faq = res.json<{ markdown: string; html: string; sections: Array<{ title: string; html: string }> }>();
    expect(faq.markdown).toBe(markdown);
    expect(faq.sections).toEqual([{ title: 'Gibt es eine App?', html: expect.stringContaining('Nein.') as string }]);
    for (const html of [faq.html, faq.sections[0]?.html ?? '']) {
      expect(html).not.toMatch(/script|alert|javascript:|t\.example/);
    }
    const read = await anonymous.get('/api/platform-texts/faq', { locale: 'de-DE' });
    expect(read.json()).toMatchObject({ markdown, locale: 'de-DE' });
  });

  it('refuses others (403), signed-out callers (401), an unknown key or locale (400)', async () => {
    const body = { locale: 'de-DE', markdown: 'x' };
    expect((await admin.post('/api/platform-texts/faq', body)).statusCode).toBe(403);
    expect((await anonymous.post('/api/platform-texts/faq', body)).statusCode).toBe(401);
    expect((await superadmin.post('/api/platform-texts/imprint', body)).json()).toMatchObject({
      error: 'validation_failed',
    });
    expect((await superadmin.post('/api/platform-texts/faq', { locale: 'es-ES', markdown: 'x' })).statusCode).toBe(400);
    expect((await anonymous.get('/api/platform-texts/faq', { locale: 'xx' })).statusCode).toBe(400);
    expect((await anonymous.get('/api/platform-texts/nope')).statusCode).toBe(400);
  });

  it('answers while a password change is required', async () => {
    const { app, deps } = ctx();
    const pending = await signIn(app, await createUser(deps.db, client, { is_password_change_required: true }));
    expect((await pending.get('/api/platform-texts/faq')).statusCode).toBe(200);
  });
});
