import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { TestClock } from '../../../test/mail-test-kit';
import { describeEachDialect } from '../../../test/test-app';
import { newId } from '../../platform/ids';
import { runDueJobs } from '../../platform/jobs';
import { enqueueJob } from '../../platform/jobs-store';
import { allowCall, DbRateLimitStore } from '../../platform/rate-limit';
import { runDueSchedules } from '../../platform/scheduler';
import { trainingWorld } from '../trainings/test-trainings';
import { createRetentionCleanupHandler, retentionCleanupSchedule } from './retention-cleanup.job';

const DAY = 86_400_000;

describeEachDialect('daily retention clean-up', (ctx) => {
  it('deletes mail sent beyond the retention, stale preview attempts, old rate-limit counts, old finished jobs and stale temp files', async () => {
    const { deps } = ctx();
    const { db } = deps;
    const world = await trainingWorld(ctx, { members: 1 });
    const n = Date.parse('2031-03-10T03:50:00.000Z');
    const ago = (ms: number) => new Date(n - ms).toISOString();

    const mail = async (subject: string, status: string, sentAgo: number | null) => {
      await db
        .insertInto('mail_queue')
        .values({
          id: newId(),
          client_id: world.client.id,
          job_id: null,
          template_kind: null,
          locale: 'en-US',
          to_address: 'a@example.com',
          to_address_normalized: 'a@example.com',
          to_name: null,
          reply_to: null,
          subject,
          body_text: 'x',
          body_html: '<p>x</p>',
          status,
          attempts: 1,
          last_error: null,
          next_attempt_at: null,
          sent_at: sentAgo === null ? null : ago(sentAgo),
          transport: 'outbox',
          message_id: null,
          secret_values_enc: null,
          created_at: ago((sentAgo ?? 0) + 1000),
          updated_at: ago(sentAgo ?? 0),
        })
        .execute();
    };
    // MAIL_RETENTION_DAYS defaults to 90.
    await mail('sent 91 days ago', 'sent', 91 * DAY);
    await mail('sent 89 days ago', 'sent', 89 * DAY);
    await mail('failed long ago', 'failed', null);

    const user = await createUser(db, world.client, { role: 'CONTENT_MASTER' });
    const attempt = async (kind: string, updatedAgo: number) => {
      await db
        .insertInto('scorm_attempts')
        .values({
          id: newId(),
          client_id: world.client.id,
          kind,
          user_id: user.id,
          training_id: null,
          module_id: world.moduleIds[0] ?? '',
          status: 'incomplete',
          success_status: 'unknown',
          last_item_id: null,
          completed_at: null,
          created_at: ago(updatedAgo),
          updated_at: ago(updatedAgo),
        })
        .execute();
    };
    await attempt('preview', 31 * DAY);
    await attempt('preview', 29 * DAY);
    await attempt('training', 400 * DAY);

    const store = new DbRateLimitStore(db);
    await allowCall(store, { bucket: 'login', max: 30, windowMs: 60_000 }, '192.0.2.9', n - 2 * DAY);
    await allowCall(store, { bucket: 'login', max: 30, windowMs: 60_000 }, '192.0.2.9', n - 60_000);

    const uploads = path.join(deps.config.dataDir, 'tmp', 'uploads');
    mkdirSync(uploads, { recursive: true });
    writeFileSync(path.join(uploads, 'stale'), 'x');
    writeFileSync(path.join(uploads, 'fresh'), 'x');
    const old = new Date(Date.now() - 2 * DAY);
    utimesSync(path.join(uploads, 'stale'), old, old);

    // Finished 91 and 89 days ago, and one failed long ago; a queued one of long ago stays (it has not run).
    const job = async (status: string, finishedAgo: number | null) => {
      const id = await enqueueJob(db, { clientId: world.client.id, kind: 'users.import', payload: {} }, new Date(n));
      await db
        .updateTable('jobs')
        .set({ status, finished_at: finishedAgo === null ? null : ago(finishedAgo) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const oldJobs = [await job('succeeded', 91 * DAY), await job('failed', 200 * DAY)];
    const keptJobs = [await job('succeeded', 89 * DAY), await job('queued', null)];

    const clock = new TestClock(new Date('2031-03-10T03:00:00.000Z'));
    await runDueSchedules(deps, [retentionCleanupSchedule], { now: clock.now });
    clock.set(new Date(n));
    const [fired] = await runDueSchedules(deps, [retentionCleanupSchedule], { now: clock.now });
    expect(fired?.dueAt).toBe('2031-03-10T03:45:00.000Z');
    expect(await runDueJobs(deps, [createRetentionCleanupHandler()], { now: clock.now })).toBe(1);
    const run = await db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', fired?.jobId ?? '')
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('succeeded');
    // The temp files are judged by the real clock (their mtime), the rows by the job's.
    expect(JSON.parse(run.result ?? 'null')).toEqual({
      sentMails: 1,
      previewAttempts: 1,
      // The old count here and the admin's sign-in of today (years before the job's clock).
      rateLimitCounts: 2,
      finishedJobs: 2,
      tempFiles: 1,
      gdprExports: 0,
      gdprCertificates: 0,
    });
    const left = await db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', [...oldJobs, ...keptJobs])
      .execute();
    expect(left.map((j) => j.id).sort()).toEqual([...keptJobs].sort());
    const counts = await db.selectFrom('rate_limit_hits').select('window_start').execute();
    expect(counts.map((c) => Date.parse(c.window_start))).toEqual([n - 60_000]);

    const mails = await db
      .selectFrom('mail_queue')
      .select('subject')
      .where('client_id', '=', world.client.id)
      .execute();
    expect(mails.map((m) => m.subject).sort()).toEqual(['failed long ago', 'sent 89 days ago']);
    const attempts = await db.selectFrom('scorm_attempts').select('kind').where('user_id', '=', user.id).execute();
    expect(attempts.map((a) => a.kind).sort()).toEqual(['preview', 'training']);
    expect(readdirSync(uploads)).toEqual(['fresh']);
  });
});
