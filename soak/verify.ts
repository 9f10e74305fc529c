import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import { fileStore, type StorageConfig } from '../apps/server/src/platform/storage';
import { IMPORT_DOMAIN } from './users';
import type { World } from './world';

/**
 * After the soak: is the data what the users' actions imply? Every learner completed the training with both modules,
 * holds one certificate made by one job, got one invitation and one certificate mail; every imported user exists
 * once with one activation mail; reminders are one mail each with their row; no job failed or is left behind; no
 * mail was sent twice. Answers the problems found (empty: all good).
 */
export async function verifyData(
  db: Db,
  world: World,
  opts: { importedRows: number | null; storage: StorageConfig },
): Promise<string[]> {
  const problems: string[] = [];
  const c = world.clientId;
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const countBy = <T>(rows: T[], key: (r: T) => string) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return m;
  };

  const participants = await db
    .selectFrom('training_participants')
    .select(['user_id', 'status', 'completed_modules', 'completed_at'])
    .where('client_id', '=', c)
    .where('training_id', '=', world.trainingId)
    .execute();
  const byUser = new Map(participants.map((p) => [p.user_id, p]));
  const certificateRows = await db
    .selectFrom('course_certificates')
    .select(['user_id', 'file_key', 'file_size'])
    .where('client_id', '=', c)
    .where('training_id', '=', world.trainingId)
    .execute();
  const certificates = countBy(certificateRows, (r) => r.user_id);
  // No row without its whole file (the bucket fault): each certificate's object is there with the size its row names.
  const store = fileStore(opts.storage);
  for (const r of certificateRows) {
    const info = await store.stat(r.file_key);
    expect(
      info?.size === r.file_size,
      `certificate ${r.file_key}: ${info ? `${info.size} bytes, not ${r.file_size}` : 'no object'}`,
    );
  }
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'payload', 'attempts'])
    .where('client_id', '=', c)
    .execute();
  const issueJobs = countBy(
    jobs.filter((j) => j.kind === 'certificate.issue'),
    (j) => (JSON.parse(j.payload) as { userId: string }).userId,
  );
  const mails = await db
    .selectFrom('mail_queue')
    .select(['id', 'template_kind', 'to_address_normalized', 'status'])
    .where('client_id', '=', c)
    .execute();
  const mailsOf = (kind: string) =>
    countBy(
      mails.filter((m) => m.template_kind === kind),
      (m) => m.to_address_normalized,
    );
  const invitations = mailsOf('invitation');
  const certificateMails = mailsOf('certificate_issued');

  for (const l of world.learners) {
    const p = byUser.get(l.id);
    const email = l.email.toLowerCase();
    expect(
      p?.status === 'COMPLETED' && p.completed_modules === 2 && p.completed_at !== null,
      `${l.email}: status ${p?.status} with ${p?.completed_modules} modules, not COMPLETED with 2`,
    );
    expect(certificates.get(l.id) === 1, `${l.email}: ${certificates.get(l.id) ?? 0} certificates, not 1`);
    expect(issueJobs.get(l.id) === 1, `${l.email}: ${issueJobs.get(l.id) ?? 0} certificate jobs, not 1`);
    expect(invitations.get(email) === 1, `${l.email}: ${invitations.get(email) ?? 0} invitation mails, not 1`);
    expect(
      certificateMails.get(email) === 1,
      `${l.email}: ${certificateMails.get(email) ?? 0} certificate mails, not 1`,
    );
  }

  // Reminders: one mail per reminder row, at most one per learner within the hour of the run.
  const reminders = await db
    .selectFrom('training_reminders')
    .select(['user_id', 'mail_id'])
    .where('client_id', '=', c)
    .execute();
  const reminderMails = mails.filter((m) => m.template_kind === 'reminder');
  expect(
    reminderMails.length === reminders.length,
    `${reminderMails.length} reminder mails for ${reminders.length} reminder rows`,
  );
  expect(
    new Set(reminders.map((r) => r.mail_id)).size === reminders.length,
    'a reminder mail is named by two reminder rows',
  );
  for (const [userId, n] of countBy(reminders, (r) => r.user_id))
    expect(n === 1, `user ${userId}: ${n} reminders within the hour`);

  if (opts.importedRows !== null) {
    const imported = await db
      .selectFrom('users')
      .select('email_normalized')
      .where('client_id', '=', c)
      .where('email_normalized', 'like', `%@${IMPORT_DOMAIN}`)
      .execute();
    const distinct = new Set(imported.map((u) => u.email_normalized));
    expect(
      imported.length === opts.importedRows && distinct.size === opts.importedRows,
      `import: ${imported.length} users (${distinct.size} distinct), not ${opts.importedRows}`,
    );
    const activation = mails.filter(
      (m) => m.template_kind === 'activation' && m.to_address_normalized.endsWith(`@${IMPORT_DOMAIN}`),
    );
    const perAddress = countBy(activation, (m) => m.to_address_normalized);
    const twice = [...perAddress.values()].filter((n) => n !== 1).length;
    expect(
      activation.length === opts.importedRows && twice === 0,
      `import: ${activation.length} activation mails for ${opts.importedRows} users, ${twice} addresses with more than one`,
    );
  }

  // Background work: nothing failed, nothing left, no mail delivered twice.
  for (const j of jobs.filter((j) => j.status !== 'succeeded'))
    problems.push(`job ${j.kind} ${j.id} is ${j.status} after ${j.attempts} attempts`);
  const notSent = mails.filter((m) => m.status !== 'sent');
  expect(
    notSent.length === 0,
    `${notSent.length} mails not sent (${[...new Set(notSent.map((m) => m.status))].join(', ')})`,
  );
  const deliveredTwice = await db
    .selectFrom('mail_attempts')
    .select(['mail_id', sql<number>`count(*)`.as('n')])
    .where('client_id', '=', c)
    .where('outcome', '=', 'sent')
    .groupBy('mail_id')
    .having(sql<number>`count(*)`, '>', 1)
    .execute();
  expect(deliveredTwice.length === 0, `${deliveredTwice.length} mails delivered more than once`);
  return problems;
}

/** Waits until no job of the client is queued (due) or running: the leases of a killed process run out first. */
export async function drainJobs(db: Db, clientId: string, maxMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const busy = await db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where((eb) => eb.or([eb('client_id', '=', clientId), eb('client_id', 'is', null)]))
      .where('status', 'in', ['queued', 'running'])
      .where('run_at', '<=', new Date().toISOString())
      .executeTakeFirstOrThrow();
    if (Number(busy.n) === 0 || Date.now() - started > maxMs) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
