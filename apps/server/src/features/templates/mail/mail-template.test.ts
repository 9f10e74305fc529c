import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../../test/factories';
import { describeEachDialect } from '../../../../test/test-app';
import type { Kysely } from 'kysely';
import { up as updateDefaultTexts } from '../../../db/migrations/2026-11-26-0026-mail-default-texts';
import { up as updateGlossaryTexts } from '../../../db/migrations/2026-11-30-0033-glossary-texts';
import { sendTemplatedMail } from '../../mail/send-templated-mail';
import { defaultTemplateContent, defaultTemplateName } from './default-templates';

interface Template {
  id: string;
  kind: string;
  isStandard: boolean;
  locales: {
    locale: string;
    subject: string;
    bodyText: string;
    bodyHtml: string | null;
    htmlFileName: string | null;
  }[];
}

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(filename: string, content: string, type = 'text/html') {
  const boundary = '----lms-test-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDialect('mail templates', (ctx) => {
  const setup = async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db, { email_footer: 'Firma GmbH, Hauptstraße 5' });
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    const list = await content.get('/api/mail-template', { pageSize: '100' });
    const items = list.json<{ items: { id: string; kind: string }[] }>().items;
    const idOf = (kind: string) => items.find((i) => i.kind === kind)?.id ?? '';
    return { client, content, items, idOf };
  };

  it('gives every client a standard template of each of the seventeen kinds, once', async () => {
    const { content, items } = await setup();
    expect(items.map((i) => i.kind).sort()).toEqual(
      [
        'activation',
        'appointment_request',
        'certificate_issued',
        'certification_expired',
        'certification_expired_coordinator',
        'data_change_request',
        'forgot_username',
        'invitation',
        'password_reset',
        'premium_confirmation',
        'premium_invoice',
        'recertification_due',
        'recertification_due_coordinator',
        'reminder',
        'gdpr_export_ready',
        'inactivity_warning',
        'digest',
      ].sort(),
    );
    const again = await content.get('/api/mail-template');
    expect(again.json()).toMatchObject({ total: 17 });
    const page = await content.get('/api/mail-template', { pageSize: '10', page: '3' });
    expect(page.json()).toMatchObject({ total: 17, items: [] });
    const filtered = await content.get('/api/mail-template', { kind: 'reminder' });
    expect(filtered.json()).toMatchObject({ total: 1, items: [{ kind: 'reminder', isStandard: true }] });
    const searched = await content.get('/api/mail-template', { search: 'erinnerung' });
    expect(searched.json()).toMatchObject({ total: 1 });
  });

  it('has the default text in de-DE, en-US and fr-FR', async () => {
    const { content, idOf } = await setup();
    const t = (await content.get(`/api/mail-template/${idOf('reminder')}`)).json<Template>();
    expect(t.locales.map((l) => l.locale)).toEqual(['de-DE', 'en-US', 'fr-FR']);
    expect(t.locales.map((l) => l.subject)).toEqual([
      'Erinnerung: Schulung „{{courseTitle}}“',
      'Reminder: training "{{courseTitle}}"',
      'Rappel : formation « {{courseTitle}} »',
    ]);
  });

  it('saves an edited German text, and mail of that kind uses it', async () => {
    const { deps } = ctx();
    const { client, content, idOf } = await setup();
    const id = idOf('reminder');
    const res = await content.post(`/api/mail-template/${id}`, {
      locales: {
        'de-DE': {
          subject: 'Bitte abschließen: {{courseTitle}}',
          bodyText: 'Hallo {{firstName}}, bitte bis {{deadline}}.',
          bodyHtml: '<p>Hallo <b>{{firstName}}</b></p>',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Template>().locales[0]).toMatchObject({ subject: 'Bitte abschließen: {{courseTitle}}' });
    const mailId = await deps.db.transaction().execute((trx) =>
      sendTemplatedMail(trx, client.id, {
        kind: 'reminder',
        locale: 'de-DE',
        to: 'a@example.test',
        values: { firstName: '<script>x</script>', courseTitle: 'Erste Hilfe', deadline: '2027-01-15' },
      }),
    );
    const mail = await deps.db.selectFrom('mail_queue').selectAll().where('id', '=', mailId).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Bitte abschließen: Erste Hilfe');
    expect(mail.body_text).toBe('Hallo <script>x</script>, bitte bis 15. Januar 2027.');
    expect(mail.body_html).toContain('<p>Hallo <b>&lt;script&gt;x&lt;/script&gt;</b></p>');
    expect(mail.body_html).not.toContain('<script>');
  });

  it('refuses an unknown placeholder at save time and keeps the old text', async () => {
    const { content, idOf } = await setup();
    const id = idOf('reminder');
    const res = await content.post(`/api/mail-template/${id}`, {
      locales: { 'de-DE': { subject: 'Hallo {{vorname}}', bodyText: 'Text {{ link }} {{passwort}}', bodyHtml: null } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'template_placeholder_unknown',
      details: { locale: 'de-DE', field: 'subject', placeholders: ['vorname'] },
    });
    const created = await content.post('/api/mail-template', {
      kind: 'invitation',
      name: 'Kurs X',
      locales: { 'en-US': { subject: 'Hi', bodyText: '{{password}}', bodyHtml: null } },
    });
    expect(created.json()).toMatchObject({
      error: 'template_placeholder_unknown',
      details: { placeholders: ['password'] },
    });
    const t = (await content.get(`/api/mail-template/${id}`)).json<Template>();
    expect(t.locales[0]?.subject).toBe('Erinnerung: Schulung „{{courseTitle}}“');
  });

  it('answers 400 for bad input', async () => {
    const { content, idOf } = await setup();
    const res = await content.post(`/api/mail-template/${idOf('reminder')}`, {
      locales: { 'de-DE': { subject: '', bodyText: 'x', bodyHtml: null } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
    expect((await content.post('/api/mail-template', { kind: 'nonsense', name: 'x' })).statusCode).toBe(400);
    expect((await content.get('/api/mail-template', { pageSize: '7' })).statusCode).toBe(400);
  });

  it('takes an uploaded HTML file per locale, checks its placeholders, and uses it in the preview', async () => {
    const { content, idOf } = await setup();
    const id = idOf('reminder');
    const upload = (file: ReturnType<typeof multipart>) =>
      content.inject({
        method: 'POST',
        url: `/api/mail-template/${id}/file/de-DE`,
        payload: file.payload,
        headers: file.headers,
      });
    const ok = await upload(
      multipart('erinnerung.html', '<html><body><h1>Hallo {{name}}</h1><p>Kurs: {{courseTitle}}</p></body></html>'),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Template>().locales[0]).toMatchObject({ htmlFileName: 'erinnerung.html' });
    const preview = await content.post(`/api/mail-template/${id}/preview`, { locale: 'de-DE' });
    const p = preview.json<{ subject: string; text: string; html: string }>();
    expect(p.subject).toBe('Erinnerung: Schulung „Datenschutz-Grundlagen“');
    expect(p.html).toContain('<h1>Hallo Erika Müller</h1>');
    expect(p.html).toContain('Firma GmbH, Hauptstraße 5');
    expect(p.text).toContain('Firma GmbH, Hauptstraße 5');

    const unknown = await upload(multipart('x.html', '<p>{{geheim}}</p>'));
    expect(unknown.json()).toMatchObject({
      error: 'template_placeholder_unknown',
      details: { placeholders: ['geheim'] },
    });
    const notHtml = await upload(multipart('x.pdf', '%PDF-1.4', 'application/pdf'));
    expect(notHtml.json()).toMatchObject({ error: 'unknown_file_type' });
    const tooBig = await upload(multipart('big.html', 'x'.repeat(600 * 1024)));
    expect(tooBig.statusCode).toBe(413);
    const noFile = await content.post(`/api/mail-template/${id}/file/de-DE`, { some: 'json' });
    expect(noFile.json()).toMatchObject({ error: 'upload_failed' });

    const removed = await content.del(`/api/mail-template/${id}/file/de-DE`);
    expect(removed.json<Template>().locales[0]?.htmlFileName).toBeNull();
  });

  it('previews unsaved edits with sample data, escaped in HTML', async () => {
    const { content, idOf } = await setup();
    const res = await content.post(`/api/mail-template/${idOf('invitation')}/preview`, {
      locale: 'fr-FR',
      content: {
        subject: 'Bonjour {{firstName}}',
        bodyText: 'Lien : {{link}}',
        bodyHtml: '<p>{{name}} – {{deadline}}</p>',
      },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json<{ subject: string; text: string; html: string }>();
    expect(p.subject).toBe('Bonjour Chloé');
    expect(p.text).toMatch(/^Lien : https:\/\/c[^ ]+\.test\//);
    expect(p.html).toMatch(/<p>Chloé Dupont – \d{1,2} \S+ \d{4}<\/p>/);
    const bad = await content.post(`/api/mail-template/${idOf('invitation')}/preview`, {
      locale: 'fr-FR',
      content: { bodyText: '{{nope}}' },
    });
    expect(bad.json()).toMatchObject({ error: 'template_placeholder_unknown' });
  });

  it("creates a course's own template, which mail can name, and deletes it", async () => {
    const { deps } = ctx();
    const { client, content } = await setup();
    const created = await content.post('/api/mail-template', {
      kind: 'reminder',
      name: 'Brandschutz-Erinnerung',
      locales: { 'de-DE': { subject: 'Brandschutz! {{name}}', bodyText: 'Los geht’s.', bodyHtml: null } },
    });
    expect(created.statusCode).toBe(200);
    const t = created.json<Template>();
    expect(t).toMatchObject({ kind: 'reminder', isStandard: false });
    expect(t.locales[1]?.subject).toBe('Reminder: training "{{courseTitle}}"');
    const mailId = await deps.db.transaction().execute((trx) =>
      sendTemplatedMail(trx, client.id, {
        kind: 'reminder',
        locale: 'de-DE',
        to: 'b@example.test',
        templateId: t.id,
        values: { name: 'Ann' },
      }),
    );
    const mail = await deps.db
      .selectFrom('mail_queue')
      .select('subject')
      .where('id', '=', mailId)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Brandschutz! Ann');
    expect((await content.del(`/api/mail-template/${t.id}`)).json()).toEqual({ ok: true });
    expect((await content.get(`/api/mail-template/${t.id}`)).statusCode).toBe(404);
  });

  it('makes a deleted standard template again from the defaults (a reset)', async () => {
    const { content, idOf } = await setup();
    await content.post(`/api/mail-template/${idOf('activation')}`, { name: 'Geändert' });
    await content.del(`/api/mail-template/${idOf('activation')}`);
    const list = await content.get('/api/mail-template', { kind: 'activation' });
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ kind: 'activation', isStandard: true, name: 'Kontoaktivierung' }],
    });
  });

  it("names the standard templates in the reader's language until someone renames one (issue 12)", async () => {
    const { app, deps } = ctx();
    const { client, content, idOf } = await setup();
    const names = async (who: typeof content) =>
      (await who.get('/api/mail-template', { pageSize: '100' }))
        .json<{ items: { kind: string; name: string }[] }>()
        .items.filter((i) => i.kind === 'reminder' || i.kind === 'activation')
        .map((i) => i.name)
        .sort();
    const english = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER', locale: 'en-US' }));
    const french = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER', locale: 'fr-FR' }));
    expect(await names(content)).toEqual(['Erinnerung an die Schulung', 'Kontoaktivierung']);
    expect(await names(english)).toEqual(['Account activation', 'Training reminder']);
    expect((await english.get(`/api/mail-template/${idOf('reminder')}`)).json()).toMatchObject({
      name: 'Training reminder',
    });
    expect(await names(french)).toEqual(['Activation du compte', 'Rappel de formation']);
    await content.post(`/api/mail-template/${idOf('reminder')}`, { name: 'Unsere Erinnerung' });
    expect(await names(english)).toEqual(['Account activation', 'Unsere Erinnerung']);
  });

  it('refuses roles without the content capability (403) and answers 404 for another client’s template', async () => {
    const { app, deps } = ctx();
    const { idOf } = await setup();
    const other = await createClient(deps.db);
    for (const role of ['PARTICIPANT', 'COORDINATOR', 'RESELLER'] as const) {
      const user = await signIn(app, await createUser(deps.db, other, { role }));
      expect((await user.get('/api/mail-template')).statusCode).toBe(403);
    }
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    for (const res of [
      await otherAdmin.get(`/api/mail-template/${idOf('reminder')}`),
      await otherAdmin.post(`/api/mail-template/${idOf('reminder')}`, { name: 'stolen' }),
      await otherAdmin.post(`/api/mail-template/${idOf('reminder')}/preview`, { locale: 'de-DE' }),
      await otherAdmin.del(`/api/mail-template/${idOf('reminder')}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Erinnerung');
    }
  });

  it('the migration gives unedited standard templates the new default texts and keeps edited ones', async () => {
    const { deps } = ctx();
    const { idOf } = await setup();
    const id = idOf('invitation');
    // The German default as it read before (a training without a deadline got "bis zum  ab").
    const oldDe = `Hallo {{name}},

Sie sind zur Schulung „{{courseTitle}}“ eingeladen. Bitte schließen Sie sie bis zum {{deadline}} ab:

{{link}}

Bei Fragen erreichen Sie uns unter {{supportEmail}}.

Viele Grüße
{{clientName}}`;
    const setText = (locale: string, text: string) =>
      deps.db
        .updateTable('mail_template_locales')
        .set({ body_text: text })
        .where('template_id', '=', id)
        .where('locale', '=', locale)
        .execute();
    // The German copy as the old default made it (unchanged since), the English one edited by the client.
    await setText('de-DE', oldDe);
    await setText('en-US', 'Our own words, by {{deadline}}.');
    await updateDefaultTexts(deps.db as unknown as Kysely<unknown>);
    const rows = await deps.db
      .selectFrom('mail_template_locales')
      .select(['locale', 'body_text'])
      .where('template_id', '=', id)
      .orderBy('locale')
      .execute();
    expect(rows.map((r) => r.body_text)).toEqual([
      defaultTemplateContent('invitation', 'de-DE').bodyText,
      'Our own words, by {{deadline}}.',
      defaultTemplateContent('invitation', 'fr-FR').bodyText,
    ]);
  });
  it('the glossary migration (0033) gives an unedited certificate mail "Zertifikat" and keeps an edited one', async () => {
    const { deps } = ctx();
    const { idOf } = await setup();
    const id = idOf('certificate_issued');
    const oldSubject = 'Ihre Teilnahmebescheinigung für „{{courseTitle}}“';
    await deps.db.updateTable('mail_templates').set({ name: 'Teilnahmebescheinigung' }).where('id', '=', id).execute();
    await deps.db
      .updateTable('mail_template_locales')
      .set({ subject: oldSubject })
      .where('template_id', '=', id)
      .where('locale', '=', 'de-DE')
      .execute();
    await deps.db
      .updateTable('mail_template_locales')
      .set({ subject: 'Unser eigener Betreff' })
      .where('template_id', '=', id)
      .where('locale', '=', 'fr-FR')
      .execute();
    await updateGlossaryTexts(deps.db as unknown as Kysely<unknown>);
    const rows = await deps.db
      .selectFrom('mail_template_locales')
      .select(['locale', 'subject'])
      .where('template_id', '=', id)
      .orderBy('locale')
      .execute();
    expect(rows.map((r) => r.subject)).toEqual([
      'Ihr Zertifikat für „{{courseTitle}}“',
      defaultTemplateContent('certificate_issued', 'en-US').subject,
      'Unser eigener Betreff',
    ]);
    const template = await deps.db.selectFrom('mail_templates').select('name').where('id', '=', id).executeTakeFirst();
    expect(template?.name).toBe(defaultTemplateName('certificate_issued', 'de-DE'));
  });
});
