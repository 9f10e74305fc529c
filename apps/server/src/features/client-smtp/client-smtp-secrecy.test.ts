import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { buildLoggedApp } from '../../../test/logged-app';
import { mailHandler } from '../../../test/mail-test-kit';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs';
import { enqueueMail } from '../mail/mail-queue';

const PASSWORD = 'Very-Secret-Smtp-Pa55';

describeEachDialect('SMTP password secrecy', (ctx) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp({ auth: { user: 'mailer', pass: PASSWORD } });
  });
  afterAll(() => smtp.stop());

  it('never shows the password in any API answer or log line, at the most verbose log level', async () => {
    const { deps } = ctx();
    const { app, lines } = await buildLoggedApp(deps);
    try {
      const client = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
      const body = {
        fromAddress: 'a@firm.example',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        username: 'mailer',
        rejectUnauthorized: true,
      };
      const answers = [
        await admin.post(`/api/client-smtp/${client.id}`, { ...body, password: PASSWORD }),
        await admin.get(`/api/client-smtp/${client.id}`),
        await admin.post(`/api/client-smtp/${client.id}/test`),
        await admin.post(`/api/client-smtp/${client.id}`, { ...body, password: `${PASSWORD}-wrong` }),
        await admin.post(`/api/client-smtp/${client.id}/test`),
        await admin.post(`/api/client-smtp/${client.id}`, { ...body, password: PASSWORD, port: 'x' }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 400, 400]);

      await admin.post(`/api/client-smtp/${client.id}`, { ...body, password: PASSWORD });
      await deps.db
        .transaction()
        .execute((trx) =>
          enqueueMail(trx, client.id, { to: 'x@example.test', subject: 's', text: 't', locale: 'de-DE' }),
        );
      const handler = mailHandler();
      const log = { error: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`) };
      await runDueJobs(deps, [handler], { now: () => new Date(Date.now() + 5_000), log });
      await handler.close?.();
      await smtp.waitForMessages(1);

      expect(lines.length).toBeGreaterThan(10);
      for (const text of [...answers.map((a) => a.body), ...lines]) {
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain(Buffer.from(PASSWORD).toString('base64'));
      }
    } finally {
      await app.close();
    }
  });
});
