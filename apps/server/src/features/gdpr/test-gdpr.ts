import { sql } from 'kysely';
import yauzl from 'yauzl';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { multipartFile } from '../../../test/multipart';
import type { Caller, TestContext } from '../../../test/test-app';
import type { Db, Dialect } from '../../db/database';
import { recordAudit } from '../../platform/audit/audit';
import { newId, nowIso } from '../../platform/ids';
import { runDueJobs } from '../../platform/jobs';
import { fileStore } from '../../platform/storage';
import { issueCertificate } from '../certificates/certificate-issue';
import {
  addTraining,
  certificateWorld,
  completeModules,
  type CertificateWorld,
} from '../certificates/test-certificates';
import { createMailDeliveryHandler } from '../mail/mail-delivery';
import { enqueueMail } from '../mail/mail-queue';
import { TINY_PNG } from '../modules/test-upload';
import { pdfText } from '../templates/certificate/test-certificate-pdf';
import { createGdprExportHandler } from './gdpr-export.job';

// Test helpers for GDPR requests: a person with data of every kind, the export's zip read back, and a search of the
// whole database and storage for what identifies them. Test-only; never imported by the app.

/** A person whose name, e-mail, username and personnel number occur nowhere else (each world its own). */
export function personOf(tag: string) {
  return {
    first_name: `Zelinda${tag}`,
    last_name: `Quarterfield${tag}-Ørsted`,
    email: `zelinda.quarterfield${tag.toLowerCase()}@example.test`,
    personell_number: `PN-77341-${tag}`,
    username: `zquarterfield${tag.toLowerCase()}`,
  };
}
export type Person = ReturnType<typeof personOf>;

/** What a search for the person looks for: the names (the last name without its common part), logins, number. */
export const needlesOf = (p: Person): string[] => [
  p.first_name,
  p.last_name.split('-')[0] as string,
  p.email,
  p.personell_number,
  p.username,
];

let worlds = 0;
const tagOf = (n: number) =>
  String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + (Math.floor(n / 26) % 26)) + 'x';

export interface GdprWorld extends CertificateWorld {
  person: TestUser;
  PERSON: Person;
  personCaller: Caller;
  trainingId: string;
  certificateId: string;
}

/** A person with a profile, a group, a completed training with its certificate, messages, a request and mails. */
export async function gdprWorld(ctx: () => TestContext): Promise<GdprWorld> {
  const { app, deps } = ctx();
  const world = await certificateWorld(ctx, { title: 'Brandschutz' });
  const PERSON = personOf(tagOf(worlds++));
  const db = deps.db;
  const company = newId();
  await db
    .insertInto('companies')
    .values({
      id: company,
      client_id: world.client.id,
      name: 'Firma A',
      name_normalized: 'firma a',
      created_at: nowIso(),
    })
    .execute();
  const person = await createUser(db, world.client, {
    ...PERSON,
    email_normalized: PERSON.email,
    username_normalized: PERSON.username,
    company_id: company,
    street: 'Lindenweg 12',
    city: 'Kassel',
    birthday: '1990-04-01',
    locale: 'en-US',
  });
  await createGroup(db, world.client, { name: 'Schicht B', members: [person] });
  const personCaller = await signIn(app, person);
  await world.admin.inject({
    method: 'POST',
    url: `/api/users/${person.id}/picture`,
    ...multipartFile(TINY_PNG, 'me.png', 'image/png'),
  });
  const trainingId = await addTraining(db, world.client.id, world.courseId);
  const other = await createUser(db, world.client, { first_name: 'Otto', last_name: 'Anders' });
  await db
    .insertInto('training_participants')
    .values(
      [person.id, other.id].map((userId) => ({
        training_id: trainingId,
        user_id: userId,
        client_id: world.client.id,
        status: 'PENDING',
        created_at: nowIso(),
        updated_at: nowIso(),
      })),
    )
    .execute();
  await completeModules(ctx, world, trainingId, person);
  await issueCertificate(deps, world.client.id, trainingId, person.id);
  const certificate = await db
    .selectFrom('course_certificates')
    .select('id')
    .where('user_id', '=', person.id)
    .executeTakeFirstOrThrow();
  // A SCORM attempt whose CMI model holds the learner's name, as the runtime stores it.
  const attemptId = newId();
  await db
    .insertInto('scorm_attempts')
    .values({
      id: attemptId,
      client_id: world.client.id,
      kind: 'TRAINING',
      user_id: person.id,
      training_id: trainingId,
      module_id: world.moduleIds[0] as string,
      status: 'completed',
      success_status: 'passed',
      last_item_id: 'item1',
      completed_at: nowIso(),
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('scorm_sco_data')
    .values({
      attempt_id: attemptId,
      item_id: 'item1',
      client_id: world.client.id,
      cmi: JSON.stringify({
        'cmi.core.student_name': `${PERSON.last_name}, ${PERSON.first_name}`,
        'cmi.core.score.raw': '87',
        'cmi.suspend_data': `bookmark ${PERSON.first_name}`,
      }),
      status: 'completed',
      success_status: 'passed',
      exit: null,
      total_time_cs: 12_000,
      time_base_cs: 0,
      time_instance: null,
      commit_session: 's',
      commit_seq: 1,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  // Messages: one to the person, one by them to the admin; an appointment request; mails to and about them.
  const adminId = (
    await db
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', world.client.id)
      .where('role', '=', 'ADMIN')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('messages')
    .values([
      {
        id: newId(),
        client_id: world.client.id,
        kind: 'PRIVATE',
        sender_id: adminId,
        recipient_id: person.id,
        subject: 'Hallo',
        body: `Liebe ${PERSON.first_name} ${PERSON.last_name}, bitte melden.`,
        notification_type: null,
        data: null,
        dedupe_key: null,
        read_at: null,
        created_at: nowIso(),
      },
      {
        id: newId(),
        client_id: world.client.id,
        kind: 'PRIVATE',
        sender_id: person.id,
        recipient_id: adminId,
        subject: 'Frage',
        body: `Gruß, ${PERSON.first_name} ${PERSON.last_name} (${PERSON.personell_number})`,
        notification_type: null,
        data: null,
        dedupe_key: null,
        read_at: null,
        created_at: nowIso(),
      },
    ])
    .execute();
  await db
    .insertInto('appointment_requests')
    .values({
      id: newId(),
      client_id: world.client.id,
      user_id: person.id,
      contact_id: null,
      contact_name: 'Beraterin Berta',
      contact_email: 'berta@example.test',
      type: 'PHONE',
      first_date: '2027-01-10',
      second_date: '2027-01-11',
      time_of_day: 'MORNING',
      email: PERSON.email,
      phone: '+49 561 1234567',
      message: `Rückruf an ${PERSON.first_name} ${PERSON.last_name}`,
      mail_id: null,
      created_at: nowIso(),
    })
    .execute();
  await enqueueMail(db, world.client.id, {
    to: 'support@example.test',
    subject: 'Anfrage',
    text: `Name: ${PERSON.first_name} ${PERSON.last_name}\nE-Mail: ${PERSON.email}`,
    locale: 'de-DE',
  });
  await db.transaction().execute((trx) =>
    recordAudit(trx, {
      clientId: world.client.id,
      actor: { kind: 'user', id: adminId },
      action: 'user.updated',
      object: { type: 'user', id: person.id },
      subjectUserId: person.id,
      before: { lastName: 'Alt' },
      after: { lastName: PERSON.last_name, email: PERSON.email },
    }),
  );
  return { ...world, person, PERSON, personCaller, trainingId, certificateId: certificate.id };
}

/** Runs the export and mail jobs that are due, as a worker would. */
export async function runGdprJobs(ctx: () => TestContext): Promise<void> {
  const handlers = [createGdprExportHandler(), createMailDeliveryHandler()];
  for (;;) {
    const n = await runDueJobs(ctx().deps, handlers, { now: () => new Date(Date.now() + 5_000), concurrency: 2 });
    if (n === 0) return;
  }
}

/** Every entry of a zip, name to bytes, read with yauzl. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function tableNames(db: Db, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Every place in the database (table and column) whose value contains one of the needles, any case. */
export async function searchDatabase(db: Db, dialect: Dialect, needles: readonly string[]): Promise<string[]> {
  const hits: string[] = [];
  const lower = needles.map((n) => n.toLowerCase());
  for (const table of await tableNames(db, dialect)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    for (const row of rows)
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = (Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value)).toLowerCase();
        for (const n of lower) if (text.includes(n)) hits.push(`${table}.${column}: ${n}`);
      }
  }
  return hits;
}

/** Every stored file (the store's own listing) whose bytes, or whose text as a PDF reader sees it, hold a needle. */
export async function searchStorage(ctx: () => TestContext, needles: readonly string[]): Promise<string[]> {
  const store = fileStore(ctx().deps.config);
  const hits: string[] = [];
  const lower = needles.map((n) => n.toLowerCase());
  for await (const { key } of store.list('')) {
    const file = await store.open(key);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const c of file.stream) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    let text = bytes.toString('latin1');
    if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') text += ` ${await pdfText(bytes)}`;
    text = text.toLowerCase();
    for (const n of lower) if (text.includes(n)) hits.push(`${key}: ${n}`);
  }
  return hits;
}
