import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import { buildLoggedApp } from '../../../test/logged-app';
import { TestClock, workerDeps } from '../../../test/mail-test-kit';
import { useTestSmtp } from '../../../test/smtp-test-server';
import { caller, describeEachDialect, type Caller, type TestContext } from '../../../test/test-app';
import { redactQueuedLinks } from '../../db/migrations/2026-11-22-0005-mail-secrets';
import { createJobHandlers } from '../../job-handlers';
import { runDueJobs, type JobHandler, type WorkerLog } from '../../platform/jobs';
import { SecretText } from '../../platform/secret-text';
import { enqueueMail } from '../mail/mail-queue';
import { sendTemplatedMail } from '../mail/send-templated-mail';
import { createPasswordResetHandler } from './password-reset.job';

const NEW_PASSWORD = 'Neues-Passwort-7!';

interface Item {
  id: string;
}

/**
 * Hardening point 1 (DECISIONS "reset and activation links"): a content master reads the mail queue, which holds
 * the reset and activation mails of every account of the client. No usable token may be readable there, nor in the
 * jobs, the stored mails or the logs; the delivered mail still carries a link that works exactly once.
 */
describeEachDialect('one-time links are never readable after they were queued', (ctx) => {
  const smtp = useTestSmtp();

  /** An app whose every log line (at the most verbose level) is kept, and the worker's log lines too. */
  async function loggedApp(c: TestContext) {
    const { app, lines } = await buildLoggedApp(c.deps);
    const log: WorkerLog = {
      error: (obj, msg) => lines.push(`${msg} ${JSON.stringify(obj)}`),
      debug: (obj, msg) => lines.push(`${msg} ${JSON.stringify(obj)}`),
    };
    /** Runs the due jobs of these handlers (the server's own by default) to the end, logging as the server does. */
    const runJobs = async (handlers: JobHandler[] = createJobHandlers()) => {
      const clock = new TestClock();
      const deps = workerDeps(c.deps, { smtpUrl: smtp().url });
      while ((await runDueJobs(deps, handlers, { now: clock.now, log, workerId: 'secrecy-test' })) > 0);
      for (const h of handlers) await h.close?.();
    };
    return { app, lines, runJobs };
  }

  /** A client like the demo: an admin, a superadmin and a content master. */
  async function demoLike(c: TestContext, app: FastifyInstance) {
    const client = await createClient(c.deps.db, { name: 'Demo' });
    const admin = await createUser(c.deps.db, client, { role: 'ADMIN', email: 'admin@demo.example' });
    const superadmin = await createUser(c.deps.db, client, { role: 'SUPERADMIN', email: 'superadmin@demo.example' });
    const content = await signIn(app, await createUser(c.deps.db, client, { role: 'CONTENT_MASTER' }));
    return { client, admin, superadmin, content, anon: caller(app, client.host) };
  }

  /** Everything the mail queue (and the jobs it names) offers a content master, as raw answer bodies. */
  async function readQueue(content: Caller, searches: string[]): Promise<{ bodies: string[]; details: unknown[] }> {
    const bodies: string[] = [];
    const details: unknown[] = [];
    const list = await content.get('/api/mail-queue', { pageSize: '100' });
    expect(list.statusCode).toBe(200);
    bodies.push(list.body);
    for (const q of searches) {
      for (const key of ['search', 'subject', 'recipient']) {
        const res = await content.get('/api/mail-queue', { [key]: q });
        expect(res.statusCode).toBe(200);
        bodies.push(res.body);
      }
    }
    for (const { id } of list.json<{ items: Item[] }>().items) {
      const detail = await content.get(`/api/mail-queue/${id}`);
      bodies.push(detail.body);
      details.push(detail.json());
    }
    return { bodies, details };
  }

  /** Every stored row of the mail queue, its attempts and the jobs, as text. */
  async function storedRows(c: TestContext): Promise<string> {
    const tables = await Promise.all([
      c.deps.db.selectFrom('mail_queue').selectAll().execute(),
      c.deps.db.selectFrom('mail_attempts').selectAll().execute(),
      c.deps.db.selectFrom('jobs').selectAll().execute(),
    ]);
    return JSON.stringify(tables);
  }

  const linkIn = (mail: ParsedMail | undefined, path: string) => {
    const m = new RegExp(`(https?://[^\\s]+${path}\\?(?:locale=[\\w-]+&)?token=([\\w-]+))`).exec(mail?.text ?? '');
    if (!m?.[1] || !m[2]) throw new Error(`no ${path} link in: ${mail?.text}`);
    return { url: m[1], token: m[2] };
  };

  /** The queue's readers see the link redacted, and are told so. */
  function expectRedacted(details: unknown[], path: string, host: string) {
    // The HTML part writes the link's `&` as `&amp;`.
    const redacted = new RegExp(`${host}${path}\\?locale=[\\w-]+&(amp;)?token=…`);
    expect(details.length).toBeGreaterThan(0);
    for (const d of details) {
      expect(d).toMatchObject({ secretsRedacted: true });
      const { bodyText, bodyHtml } = d as { bodyText: string; bodyHtml: string };
      expect(bodyText).toMatch(redacted);
      expect(bodyHtml).toMatch(redacted);
    }
  }

  async function expectUsableOnce(anon: Caller, token: string, purpose: 'reset' | 'activation') {
    const body = { token, purpose, newPassword: NEW_PASSWORD, newPasswordRepeat: NEW_PASSWORD };
    const first = await anon.post('/api/user/activate', body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await anon.post('/api/user/activate', body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: purpose === 'reset' ? 'reset_link_expired' : 'activation_failed' });
  }

  it('a content master who asks for the admin’s and the superadmin’s reset finds no usable token anywhere', async () => {
    const c = ctx();
    const { app, lines, runJobs } = await loggedApp(c);
    try {
      const { client, admin, superadmin, content, anon } = await demoLike(c, app);
      const answers: string[] = [];
      for (const email of [admin.email, superadmin.email]) {
        const res = await anon.post('/api/user/password-reset', { emailOrUsername: email, locale: 'en-US' });
        expect(res.json()).toEqual({ sentTo: email });
        answers.push(res.body);
      }
      // The reset jobs ran, the mails wait in the queue: the moment the attack read them.
      await runJobs([createPasswordResetHandler()]);
      const searches = ['token=', 'token', '?token=', 'reset-password', client.host];
      const waiting = await readQueue(content, searches);
      expect(waiting.details).toHaveLength(2);
      expect(waiting.details).toMatchObject([{ status: 'queued' }, { status: 'queued' }]);
      expectRedacted(waiting.details, '/reset-password', client.host);
      const mailJobs = await c.deps.db.selectFrom('mail_queue').select('job_id').execute();
      for (const { job_id } of mailJobs) answers.push((await content.get(`/api/jobs/${job_id}`)).body);

      await runJobs();
      const mails = await smtp().waitForMessages(2);
      const sent = await readQueue(content, searches);
      expect(sent.details).toMatchObject([{ status: 'sent' }, { status: 'sent' }]);
      expectRedacted(sent.details, '/reset-password', client.host);
      for (const { job_id } of mailJobs) answers.push((await content.get(`/api/jobs/${job_id}`)).body);

      const links = [admin.email, superadmin.email].map((address) => {
        const mail = mails.find((m) => m.to && 'value' in m.to && m.to.value[0]?.address === address);
        const link = linkIn(mail, '/reset-password');
        expect(link.url).toMatch(new RegExp(`^https://${client.host}/reset-password\\?locale=[\\w-]+&token=`));
        // The HTML part carries the same working link.
        expect(mail?.html).toContain(`href="${link.url.replace('&', '&amp;')}"`);
        return link;
      });
      // The reader's browser opens the link on this server: the request is logged, the token is not.
      for (const { url } of links) await anon.get(new URL(url).pathname + new URL(url).search);
      const logged = [...lines];
      expect(logged.some((l) => /\/reset-password\?(locale=[\w-]+&)?token=…/.test(l))).toBe(true);
      // Searching for the token itself finds nothing either (these requests' log lines hold the searcher's own
      // input, so the log was read before).
      for (const { token } of links) {
        for (const key of ['search', 'subject', 'recipient']) {
          const res = await content.get('/api/mail-queue', { [key]: token });
          expect(res.json()).toMatchObject({ total: 0 });
          answers.push(res.body);
        }
      }
      const stored = await storedRows(c);
      const everything = [...answers, ...waiting.bodies, ...sent.bodies];
      for (const { token } of links) {
        expect(token.length).toBeGreaterThan(30);
        for (const body of everything) expect(body).not.toContain(token);
        expect(stored).not.toContain(token);
        for (const line of logged) expect(line).not.toContain(token);
      }
      // The delivered mail no longer has its sealed secret either.
      const sealed = await c.deps.db.selectFrom('mail_queue').select('secret_values_enc').execute();
      expect(sealed.map((r) => r.secret_values_enc)).toEqual([null, null]);

      for (const { token } of links) await expectUsableOnce(anon, token, 'reset');
      for (const user of [admin, superadmin]) {
        const login = await anon.post('/api/user/login', { emailOrUsername: user.email, password: NEW_PASSWORD });
        expect(login.statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('an activation mail with its own text and HTML links shows no token in the queue', async () => {
    const c = ctx();
    const { app, lines, runJobs } = await loggedApp(c);
    try {
      const { client, content, anon } = await demoLike(c, app);
      const templates = await content.get('/api/mail-template', { pageSize: '100' });
      const activation = templates
        .json<{ items: { id: string; kind: string }[] }>()
        .items.find((t) => t.kind === 'activation');
      const saved = await content.post(`/api/mail-template/${activation?.id ?? ''}`, {
        locales: {
          'en-US': {
            subject: 'Welcome {{firstName}}',
            bodyText: 'Hello {{firstName}}, set your password:\n{{link}}',
            bodyHtml:
              '<p>Hello {{firstName}}, <a href="{{link}}">set your password</a> (<a href="{{link}}">{{link}}</a>)</p>',
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const admin = await signIn(app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
      const created = await admin.post('/api/users', {
        firstName: 'Neu',
        lastName: 'Ling',
        email: 'neuling@example.test',
        locale: 'en-US',
      });
      expect(created.statusCode, created.body).toBe(200);
      const answers = [created.body];

      const waiting = await readQueue(content, ['token=', 'init-password', '…']);
      expectRedacted(waiting.details, '/init-password', client.host);
      expect(waiting.details[0]).toMatchObject({ subject: 'Welcome Neu' });
      await runJobs();
      const [mail] = await smtp().waitForMessages(1);
      const link = linkIn(mail, '/init-password');
      expect(mail?.subject).toBe('Welcome Neu');
      const inHtml = link.url.replace('&', '&amp;');
      expect(mail?.html).toContain(`<a href="${inHtml}">set your password</a> (<a href="${inHtml}">${inHtml}</a>)`);
      const logged = [...lines];
      const sent = await readQueue(content, ['token=', link.token]);
      expect(sent.details).toMatchObject([{ status: 'sent', secretsRedacted: true }]);
      for (const body of [...answers, ...waiting.bodies, ...sent.bodies]) expect(body).not.toContain(link.token);
      expect(await storedRows(c)).not.toContain(link.token);
      for (const line of logged) expect(line).not.toContain(link.token);

      await expectUsableOnce(anon, link.token, 'activation');
    } finally {
      await app.close();
    }
  });

  it('refuses to queue a secret-carrying mail whose link is not a SecretText, or whose text holds a secret', async () => {
    const { deps } = ctx();
    const client: TestClient = await createClient(deps.db);
    const secret = SecretText.of('s3cr3t-t0ken-value-0123456789').wrap('https://x.test/reset-password?token=');
    await expect(
      deps.db.transaction().execute((trx) =>
        sendTemplatedMail(trx, client.id, {
          kind: 'password_reset',
          locale: 'en-US',
          to: 'a@example.test',
          values: { link: 'https://x.test/reset-password?token=plain' },
        }),
      ),
    ).rejects.toThrow(/SecretText/);
    await expect(
      deps.db.transaction().execute((trx) =>
        enqueueMail(trx, client.id, {
          to: 'a@example.test',
          subject: 'Reset',
          // Written into the text by hand: the secret's value never reaches a stored text.
          text: `Your link: https://x.test/reset-password?token=s3cr3t-t0ken-value-0123456789`,
          locale: 'en-US',
          secrets: [secret],
          appSecret: deps.config.appSecret,
        }),
      ),
    ).rejects.toThrow(/in clear/);
    // Written as text, a SecretText is its redacted form.
    expect(String(secret)).toBe('https://x.test/reset-password?token=…');
    expect(JSON.stringify({ secret })).toBe('{"secret":"https://x.test/reset-password?token=…"}');
    const rows = await deps.db.selectFrom('mail_queue').select('id').where('client_id', '=', client.id).execute();
    expect(rows).toEqual([]);
  });

  it('the migration redacts the tokens of activation and reset mails queued before it, and nothing else', async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db);
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const insert = (kind: string, text: string) =>
      deps.db.transaction().execute(async (trx) => {
        const id = await enqueueMail(trx, client.id, { to: 'old@example.test', subject: 'S', text, locale: 'de-DE' });
        await trx.updateTable('mail_queue').set({ template_kind: kind }).where('id', '=', id).execute();
        return id;
      });
    const reset = await insert('password_reset', `Link: https://h.test/reset-password?token=${token}\nEnde`);
    const activation = await insert('activation', `https://h.test/init-password?token=${token}`);
    const reminder = await insert('reminder', `https://h.test/course?token=${token}`);
    await redactQueuedLinks(deps.db as unknown as Kysely<unknown>, deps.dialect);
    const rows = await deps.db
      .selectFrom('mail_queue')
      .select(['id', 'body_text', 'body_html', 'is_redacted'])
      .where('client_id', '=', client.id)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(reset)).toMatchObject({
      body_text: 'Link: https://h.test/reset-password?token=…\nEnde',
      is_redacted: true,
    });
    expect(byId.get(reset)?.body_html).toContain('https://h.test/reset-password?token=…');
    expect(byId.get(activation)).toMatchObject({
      body_text: 'https://h.test/init-password?token=…',
      is_redacted: true,
    });
    expect(byId.get(reminder)).toMatchObject({ body_text: `https://h.test/course?token=${token}`, is_redacted: false });
    expect(JSON.stringify([byId.get(reset), byId.get(activation)])).not.toContain(token);
  });
});
