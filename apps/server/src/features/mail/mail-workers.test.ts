import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../../test/factories';
import { mailHandler, mailStatusCounts, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect } from '../../../test/test-app';
import { connectDatabase } from '../../db/connect';
import type { AppDeps } from '../../platform/deps';
import { startWorkers, type JobHandler } from '../../platform/jobs';
import { enqueueMail } from './mail-queue';

const MAILS = 1_000;

/** Counts the jobs one worker ran, so the test can tell that both took part. */
const counted = (handler: JobHandler, counter: { n: number }): JobHandler => ({
  ...handler,
  run: (c) => {
    counter.n++;
    return handler.run(c);
  },
  close: () => handler.close?.() ?? Promise.resolve(),
});

describeEachDialect('mail workers under load', (ctx) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.stop());

  it(`drains ${MAILS} queued mails, each delivered exactly once (two workers with their own pools on PostgreSQL, the single worker on SQLite)`, async () => {
    const { deps, testDb } = ctx();
    const client = await createClient(deps.db);
    await deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < MAILS; i++) {
        await enqueueMail(trx, client.id, {
          to: `load${i}@example.test`,
          subject: `Last ${i}`,
          text: `Nachricht ${i}`,
          locale: 'de-DE',
        });
      }
    });

    // Each PostgreSQL worker gets its own connection pool, as two processes would have.
    const handles =
      deps.dialect === 'postgres' ? [0, 1].map(() => connectDatabase({ databaseUrl: testDb.databaseUrl })) : [];
    const workers: { deps: AppDeps; counter: { n: number } }[] =
      deps.dialect === 'postgres'
        ? handles.map((h) => ({ deps: workerDeps({ ...deps, db: h.db }, { smtpUrl: smtp.url }), counter: { n: 0 } }))
        : [{ deps: workerDeps(deps, { smtpUrl: smtp.url }), counter: { n: 0 } }];
    const stops = workers.map((w) =>
      startWorkers(w.deps, [counted(mailHandler(), w.counter)], { pollMs: 20, concurrency: 8 }),
    );
    try {
      await smtp.waitForMessages(MAILS, 120_000);
      // A little longer: a duplicate delivery would show up now.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      for (const stop of stops) await stop();
      for (const h of handles) await h.close();
    }

    const subjects = smtp.messages.map((m) => m.subject);
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
    expect(await mailStatusCounts(deps.db, client.id)).toEqual([{ status: 'sent', n: MAILS, maxAttempts: 1 }]);
    const attempts = await deps.db
      .selectFrom('mail_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(Number(attempts.n)).toBe(MAILS);
    expect(workers.every((w) => w.counter.n > 0)).toBe(true);
    expect(workers.reduce((sum, w) => sum + w.counter.n, 0)).toBe(MAILS);
  }, 180_000);
});
