import { DEFAULT_COLOURS } from '@lms/contracts/client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp, smtpError, type TestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect } from '../../../test/test-app';
import type { JobHandler } from '../../platform/jobs';
import { storageKey, writeToStorage } from '../../platform/storage';
import { enqueueMail } from './mail-queue';
import { sendTemplatedMail } from './send-templated-mail';

describeEachDialect('mail delivery over SMTP', (ctx) => {
  let smtp: TestSmtp;
  let handler: JobHandler;
  beforeAll(async () => {
    smtp = await startTestSmtp({ auth: { user: 'mailer', pass: 'Smtp-Secret-42' } });
  });
  afterEach(async () => {
    await handler?.close?.();
    smtp.messages.length = 0;
    smtp.onRecipient = () => null;
    await smtp.start().catch(() => undefined);
  });
  afterAll(() => smtp.stop());

  const setup = async () => {
    const { deps, app } = ctx();
    const client = await createClient(deps.db, { email_footer: 'Muster GmbH · Königstraße 1 · 70173 Stuttgart' });
    const admin = await createUser(deps.db, client, { role: 'ADMIN' });
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    handler = mailHandler();
    return { client, admin, content, clock: new TestClock() };
  };

  it("delivers through the client's SMTP: recipient, subject, text and HTML parts, umlauts, footer, From and Reply-To", async () => {
    const { deps, app } = ctx();
    const { client, admin, clock } = await setup();
    const asAdmin = await signIn(app, admin);
    const saved = await asAdmin.post(`/api/client-smtp/${client.id}`, {
      fromAddress: 'schulung@muster.example',
      fromName: 'Schulungsteam Müller',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'mailer',
      password: 'Smtp-Secret-42',
      rejectUnauthorized: false,
    });
    expect(saved.statusCode).toBe(200);
    await deps.db.transaction().execute((trx) =>
      sendTemplatedMail(trx, client.id, {
        kind: 'reminder',
        locale: 'de-DE',
        to: { address: 'erika.mueller@example.test', name: 'Erika Müller' },
        values: {
          name: 'Jürgen <script>alert(1)</script>',
          courseTitle: 'Brandschutz für Büros',
          deadline: '2026-12-31',
          link: 'https://c.test/training/1',
        },
      }),
    );
    expect(await drainJobs(deps, [handler], clock)).toBe(1);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toMatchObject({ value: [{ address: 'erika.mueller@example.test', name: 'Erika Müller' }] });
    expect(mail?.subject).toBe('Erinnerung: Schulung „Brandschutz für Büros“');
    expect(mail?.from?.value).toEqual([{ address: 'schulung@muster.example', name: 'Schulungsteam Müller' }]);
    expect(mail?.replyTo?.value[0]?.address).toBe(`support@${client.host}`);
    expect(mail?.text).toContain('Hallo Jürgen <script>alert(1)</script>,');
    expect(mail?.text).toContain('31. Dezember 2026');
    expect(mail?.text).toContain('Muster GmbH · Königstraße 1 · 70173 Stuttgart');
    const html = String(mail?.html);
    expect(html).toContain('Hallo Jürgen &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Brandschutz für Büros');
    expect(html).toContain('<a href="https://c.test/training/1">');
    expect(html).toContain('Muster GmbH · Königstraße 1 · 70173 Stuttgart');
    expect(mail?.messageId).toMatch(new RegExp(`@${client.host.replace(/\./g, '\\.')}>$`));
  });

  it("arrives as multipart/alternative (text and HTML) in the client's frame, the logo embedded as a cid part", async () => {
    const { deps } = ctx();
    const { client, clock } = await setup();
    // An SVG logo, as a client may upload it: it leaves as a PNG (Gmail and Outlook show no SVG).
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="60" height="60" fill="#0b6e4f"/></svg>';
    const key = storageKey('clients', client.id, 'logo-test.svg');
    await writeToStorage(deps.config, key, Buffer.from(svg));
    await deps.db
      .updateTable('clients')
      .set({
        logo_file: key,
        logo_mime: 'image/svg+xml',
        colours: JSON.stringify({ ...DEFAULT_COLOURS, primaryButton: '#0b6e4f' }),
        address_street: 'Königstraße',
        address_house_number: '1',
        address_zip: '70173',
        address_city: 'Stuttgart',
      })
      .where('id', '=', client.id)
      .execute();
    await deps.db.transaction().execute((trx) =>
      sendTemplatedMail(trx, client.id, {
        kind: 'reminder',
        locale: 'en-US',
        to: 'jane@example.test',
        values: { name: 'Jane', courseTitle: 'Fire safety', link: 'https://c.test/training/1' },
      }),
    );
    const deps2 = workerDeps(deps, { smtpUrl: smtp.url.replace('smtp://', 'smtp://mailer:Smtp-Secret-42@') });
    expect(await drainJobs(deps2, [handler], clock)).toBe(1);
    const [mail] = await smtp.waitForMessages(1);
    if (!mail) throw new Error('no mail');
    const raw = smtp.rawOf(mail) ?? '';
    // The structure a mail client reads: alternative (text, then related (HTML, logo)).
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(raw).toMatch(/^Content-Type: multipart\/related;/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(raw).toMatch(/^Content-Type: image\/png; name=logo\.png/m);
    expect(raw).toMatch(/^Content-ID: <logo@mail\.lms>/m);
    expect(raw).toMatch(/^Content-Disposition: inline; filename=logo\.png/m);
    expect(raw.indexOf('multipart/alternative')).toBeLessThan(raw.indexOf('multipart/related'));
    const logo = mail.attachments.find((a) => a.cid === 'logo@mail.lms');
    expect(logo?.contentType).toBe('image/png');
    expect(logo?.content.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const html = String(mail.html);
    // The HTML names the part (cid:); mailparser, as a mail client does, shows that part there.
    expect(raw).toMatch(/src=3D"cid:logo@mail\.lms"/);
    expect(html).toContain('src="data:image/png;base64,');
    expect(html).not.toMatch(/<img[^>]+src="https?:/);
    expect(html).toContain('#0b6e4f');
    expect(html).toContain('Königstraße 1, 70173 Stuttgart');
    expect(html).toContain(`href="https://${client.host}/client/imprint"`);
    expect(html).toContain('<a href="https://c.test/training/1">');
    expect(mail.text).toContain('Hello Jane,');
    expect(mail.text).toContain(`Privacy policy: https://${client.host}/client/privacy-policy`);
  });

  it('retries a 4xx answer after 1 and 5 minutes, then delivers it; every attempt is kept with its answer', async () => {
    const { deps } = ctx();
    const { client, content, clock } = await setup();
    let refusals = 2;
    smtp.onRecipient = () => (refusals-- > 0 ? smtpError(451, '4.3.0 Mailbox busy, try later') : null);
    const deps2 = workerDeps(deps, { smtpUrl: smtp.url.replace('smtp://', 'smtp://mailer:Smtp-Secret-42@') });
    const id = await deps.db
      .transaction()
      .execute((trx) =>
        enqueueMail(trx, client.id, { to: 'retry@example.test', subject: 'Grüße', text: 'Hallo', locale: 'de-DE' }),
      );
    expect(await drainJobs(deps2, [handler], clock)).toBe(1);
    clock.advanceMinutes(0.9);
    expect(await drainJobs(deps2, [handler], clock)).toBe(0);
    clock.advanceMinutes(0.2);
    expect(await drainJobs(deps2, [handler], clock)).toBe(1);
    clock.advanceMinutes(4.9);
    expect(await drainJobs(deps2, [handler], clock)).toBe(0);
    clock.advanceMinutes(0.2);
    expect(await drainJobs(deps2, [handler], clock)).toBe(1);
    await smtp.waitForMessages(1);
    const res = await content.get(`/api/mail-queue/${id}`);
    const body = res.json<{
      status: string;
      attempts: number;
      history: { outcome: string; smtpCode: number | null; response: string }[];
    }>();
    expect(body).toMatchObject({ status: 'sent', attempts: 3 });
    expect(body.history.map((h) => [h.outcome, h.smtpCode])).toEqual([
      ['retry', 451],
      ['retry', 451],
      ['sent', 250],
    ]);
    expect(body.history[0]?.response).toContain('Mailbox busy');
  });

  it('fails a 5xx answer at once and shows the reason in the queue', async () => {
    const { deps } = ctx();
    const { client, content, clock } = await setup();
    smtp.onRecipient = () => smtpError(550, '5.1.1 No such user here');
    const deps2 = workerDeps(deps, { smtpUrl: smtp.url.replace('smtp://', 'smtp://mailer:Smtp-Secret-42@') });
    await deps.db
      .transaction()
      .execute((trx) =>
        enqueueMail(trx, client.id, { to: 'nobody@example.test', subject: 'Bounce', text: 'x', locale: 'en-US' }),
      );
    expect(await drainJobs(deps2, [handler], clock)).toBe(1);
    clock.advanceMinutes(60 * 24);
    expect(await drainJobs(deps2, [handler], clock)).toBe(0);
    const list = await content.get('/api/mail-queue', { recipient: 'nobody@' });
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ status: 'failed', attempts: 1, lastError: expect.stringContaining('550') as unknown }],
    });
    expect(smtp.messages).toHaveLength(0);
  });

  it('keeps mail while the SMTP server is down and delivers each once when it is back', async () => {
    const { deps } = ctx();
    const { client, clock } = await setup();
    const deps2 = workerDeps(deps, { smtpUrl: smtp.url.replace('smtp://', 'smtp://mailer:Smtp-Secret-42@') });
    await smtp.stop();
    const ids = await deps.db.transaction().execute(async (trx) => {
      const out: string[] = [];
      for (let i = 0; i < 20; i++)
        out.push(
          await enqueueMail(trx, client.id, {
            to: `down${i}@example.test`,
            subject: `Down ${i}`,
            text: 'x',
            locale: 'de-DE',
          }),
        );
      return out;
    });
    expect(await drainJobs(deps2, [handler], clock)).toBe(20);
    const waiting = await deps.db
      .selectFrom('mail_queue')
      .select(['status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(waiting.every((m) => m.status === 'queued' && m.attempts === 1)).toBe(true);
    await smtp.start();
    clock.advanceMinutes(1.1);
    expect(await drainJobs(deps2, [handler], clock)).toBe(20);
    clock.advanceMinutes(60 * 72);
    expect(await drainJobs(deps2, [handler], clock)).toBe(0);
    const arrived = (await smtp.waitForMessages(20)).map((m) => m.subject);
    expect(arrived).toHaveLength(20);
    expect(new Set(arrived).size).toBe(20);
    const sent = await deps.db
      .selectFrom('mail_queue')
      .select('status')
      .where('id', 'in', ids)
      .where('status', '=', 'sent')
      .execute();
    expect(sent).toHaveLength(20);
  });

  it('waits 1, 5, 15, 60, 240 minutes, then every 6 hours, and gives up 48 hours after the mail was queued', async () => {
    const { deps } = ctx();
    const { client, content, clock } = await setup();
    smtp.onRecipient = () => smtpError(421, '4.7.0 Try again later');
    const deps2 = workerDeps(deps, { smtpUrl: smtp.url.replace('smtp://', 'smtp://mailer:Smtp-Secret-42@') });
    const start = clock.now();
    const id = await deps.db
      .transaction()
      .execute((trx) =>
        enqueueMail(trx, client.id, { to: 'slow@example.test', subject: 'Slow', text: 'x', locale: 'de-DE' }, start),
      );
    // Jump from one chosen retry time to the next; the 4xx test above shows nothing runs before its time.
    for (let round = 0; round < 50; round++) {
      await drainJobs(deps2, [handler], clock);
      const mail = await deps.db
        .selectFrom('mail_queue')
        .select(['status', 'next_attempt_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (mail.status !== 'queued' || !mail.next_attempt_at) break;
      clock.set(new Date(mail.next_attempt_at));
    }
    const body = (await content.get(`/api/mail-queue/${id}`)).json<{
      status: string;
      history: { attemptedAt: string; outcome: string }[];
    }>();
    const minutes = body.history.map((h) => Math.round((Date.parse(h.attemptedAt) - start.getTime()) / 60_000));
    expect(minutes).toEqual([0, 1, 6, 21, 81, 321, 681, 1041, 1401, 1761, 2121, 2481, 2841]);
    expect(body.history.at(-1)?.outcome).toBe('failed');
    expect(body.status).toBe('failed');
  });
});
