import bcrypt from 'bcryptjs';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { createGroup } from '../../../test/group-factories';
import { multipartFile } from '../../../test/multipart';
import { caller, describeEachDialect, type Caller, type TestContext } from '../../../test/test-app';
import { createClient, createUser, signIn } from '../../../test/factories';
import { runDueJobs } from '../../platform/jobs';
import { hashToken } from '../../platform/session';
import { deliverableTexts } from '../mail/mail-queue';
import { hashPassword } from '../../platform/passwords';
import { IMPORT_RUNS, USER_IMPORT_JOB, createUserImportHandler } from './user-import.job';

interface Preview {
  id: string;
  delimiter: string;
  headers: string[];
  mapping: (string | null)[];
  rowCount: number;
  validCount: number;
  issues: { row: number; field: string | null; code: string }[];
  issueCount: number;
}

const upload = async (session: Caller, csv: string | Buffer, name = 'users.csv') => {
  const res = await session.inject({
    method: 'POST',
    url: '/api/users/import',
    ...multipartFile(csv, name, 'text/csv'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Preview>();
};

/** Uploads, runs with the suggested mapping, lets the worker do the job, answers the final status. */
async function importCsv(ctx: TestContext, session: Caller, csv: string | Buffer, run: Record<string, unknown> = {}) {
  const preview = await upload(session, csv);
  const started = await session.post(`/api/users/import/${preview.id}/run`, {
    mapping: preview.mapping,
    sendActivationMail: false,
    ...run,
  });
  expect(started.statusCode, started.body).toBe(200);
  while ((await runDueJobs(ctx.deps, [createUserImportHandler()])) > 0);
  const status = (await session.get(`/api/users/import/${preview.id}`)).json<Record<string, unknown>>();
  return { preview, status, report: async () => (await session.get(`/api/users/import/${preview.id}/report`)).body };
}

const names = async (ctx: TestContext, clientId: string) =>
  (
    await ctx.deps.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('client_id', '=', clientId)
      .execute()
  )
    .map((u) => `${u.first_name} ${u.last_name} <${u.email ?? ''}>`)
    .sort();

describeEachDialect('CSV import and export', (ctx) => {
  it('imports 1,000 users of which 10 are duplicates: creates 990 and reports the 10', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    for (let i = 0; i < 7; i++) await createUser(c.deps.db, client, { email: `person${i}@import.test` });
    await createUser(c.deps.db, client, { username: 'taken.name', username_normalized: 'taken.name' });
    const lines = ['Vorname;Nachname;E-Mail;Benutzername'];
    for (let i = 0; i < 997; i++) lines.push(`Vor${i};Nach${i};person${i}@import.test;`);
    lines.push('Doppel;Eins;person100@import.test;', 'Doppel;Zwei;person101@import.test;', 'Name;Vergeben;;Taken.Name');
    const { status, report } = await importCsv(c, admin, lines.join('\n'));
    expect(status).toMatchObject({ status: 'done', total: 1000, done: 1000, created: 990, skipped: 10, failed: 0 });
    // The job's progress, which the bar shows, agrees with the result: the skipped rows are no failures.
    const job = await c.deps.db
      .selectFrom('jobs')
      .select(['progress_total', 'progress_done', 'progress_succeeded', 'progress_failed'])
      .where('kind', '=', USER_IMPORT_JOB)
      .where('client_id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ progress_total: 1000, progress_done: 1000, progress_succeeded: 990, progress_failed: 0 });
    const count = await c.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(990 + 9); // the admin, 7 e-mails and 1 username were there before
    const rows = Papa.parse<string[]>((await report()).replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    const skipped = rows.filter((r) => r[1] === 'skipped');
    expect(skipped).toHaveLength(10);
    expect(skipped.map((r) => r[2]).sort()).toEqual(
      [...Array<string>(2).fill('duplicate_in_file'), ...Array<string>(7).fill('email_taken'), 'username_taken'].sort(),
    );
  });

  it('reads a file with ";" and one with "," (with a BOM) alike', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const semicolon = 'firstName;lastName;email\nAda;Lovelace;ada@x.test\n"Grace; Jr.";Hopper;grace@x.test\n';
    const comma = '\uFEFFfirstName,lastName,email\nAlan,Turing,alan@x.test\n"Edsger, W.",Dijkstra,edsger@x.test\n';
    const a = await importCsv(c, admin, semicolon);
    const b = await importCsv(c, admin, comma);
    expect(a.preview.delimiter).toBe(';');
    expect(b.preview.delimiter).toBe(',');
    expect(b.preview.headers).toEqual(['firstName', 'lastName', 'email']);
    expect(a.status).toMatchObject({ created: 2 });
    expect(b.status).toMatchObject({ created: 2 });
    expect(await names(c, client.id)).toEqual(
      expect.arrayContaining([
        'Grace; Jr. Hopper <grace@x.test>',
        'Edsger, W. Dijkstra <edsger@x.test>',
        'Ada Lovelace <ada@x.test>',
      ]),
    );
  });

  it('keeps umlauts and accents through import, export and import again', async () => {
    const c = ctx();
    const first = await createClient(c.deps.db);
    const second = await createClient(c.deps.db);
    const admin1 = await signIn(
      c.app,
      await createUser(c.deps.db, first, { role: 'ADMIN', first_name: 'Ä', last_name: 'Admin' }),
    );
    const admin2 = await signIn(
      c.app,
      await createUser(c.deps.db, second, { role: 'ADMIN', first_name: 'Ä', last_name: 'Admin' }),
    );
    const csv =
      'Vorname;Nachname;E-Mail;Stadt\nJörg;Müßig;joerg@x.test;Köln\nFrançoise;Ærøskøbing-Ñúñez;francoise@x.test;Besançon\n';
    await importCsv(c, admin1, Buffer.from(csv, 'utf8'));
    const exported = await admin1.get('/api/users/export', { search: 'x.test' });
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const again = await importCsv(c, admin2, exported.rawPayload);
    expect(again.status).toMatchObject({ created: 2, failed: 0 });
    const seconds = await names(c, second.id);
    expect(seconds).toEqual(
      expect.arrayContaining(['Jörg Müßig <joerg@x.test>', 'Françoise Ærøskøbing-Ñúñez <francoise@x.test>']),
    );
    const city = await c.deps.db
      .selectFrom('users')
      .select('city')
      .where('client_id', '=', second.id)
      .where('email', '=', 'francoise@x.test')
      .executeTakeFirst();
    expect(city?.city).toBe('Besançon');
  });

  it('exports UTF-8 with BOM and ";", and prefixes cells that start like a formula', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const evil = await createUser(c.deps.db, client, {
      first_name: '=HYPERLINK("http://evil.test")',
      last_name: '+1',
      city: '@SUM(A1)',
    });
    const res = await admin.post('/api/users/bulk', { action: 'export', selection: { ids: [evil.id] } });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text.startsWith('\uFEFFfirstName;lastName;email;')).toBe(true);
    const [, row] = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(row?.slice(0, 2)).toEqual(['\'=HYPERLINK("http://evil.test")', "'+1"]);
    expect(row).toContain("'@SUM(A1)");
  });

  it('keeps bcrypt and argon2 hashes, hashes plaintext (change required), and refuses a broken hash', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const bcryptHash = await bcrypt.hash('Alt-Passwort-1!', 10);
    const argonHash = await hashPassword('Argon-Passwort-2!');
    const csv = [
      'email;firstName;lastName;password',
      `b@x.test;B;Crypt;${bcryptHash}`,
      `a@x.test;A;Rgon;${argonHash}`,
      'p@x.test;P;Lain;Klartext-Start-3!',
      'n@x.test;N;One;',
      'x@x.test;X;Broken;$2b$10$short',
    ].join('\n');
    const { status } = await importCsv(c, admin, csv);
    expect(status).toMatchObject({ created: 4, failed: 1 });
    const login = (email: string, password: string) =>
      caller(c.app, client.host).post('/api/user/login', { emailOrUsername: email, password });
    expect((await login('b@x.test', 'Alt-Passwort-1!')).json()).toMatchObject({ passwordChangeRequired: false });
    const rehashed = await c.deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'b@x.test')
      .executeTakeFirst();
    expect(rehashed?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await login('a@x.test', 'Argon-Passwort-2!')).statusCode).toBe(200);
    expect((await login('p@x.test', 'Klartext-Start-3!')).json()).toMatchObject({ passwordChangeRequired: true });
    expect((await login('n@x.test', 'anything')).statusCode).toBe(401);
  });

  it('refuses a hash of too high a cost and one of an unknown kind, naming the row (issue 28 point 3)', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const adminUser = await createUser(c.deps.db, client, { role: 'ADMIN' });
    const admin = await signIn(c.app, adminUser);
    const salt = 'c29tZXNhbHRzb21lc2FsdA';
    const tag = 'Hk7q9cSxrVd5W3E2V+7u0nYy4cXyWkzM1fN2T8o8m5k';
    const bcryptOf = (cost: string) => `$2b$${cost}$${'a'.repeat(53)}`;
    const rows: [string, string][] = [
      [`$argon2id$v=19$m=262144,t=40,p=1$${salt}$${tag}`, 'password_hash_cost'],
      [`$argon2id$v=19$m=65536,t=11,p=1$${salt}$${tag}`, 'password_hash_cost'],
      [`$argon2i$v=19$m=19456,t=2,p=5$${salt}$${tag}`, 'password_hash_cost'],
      [bcryptOf('13'), 'password_hash_cost'],
      [bcryptOf('03'), 'password_hash_cost'],
      [`$5$rounds=5000$salt$${'b'.repeat(43)}`, 'password_hash_invalid'],
      ['{SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=', 'password_hash_invalid'],
      [`pbkdf2_sha256$600000$salt$${tag}`, 'password_hash_invalid'],
      [`$argon2id$v=19$m=19456,t=2,p=1$${salt}`, 'password_hash_invalid'],
    ];
    const csv = [
      'email;firstName;lastName;password',
      ...rows.map(([hash], i) => `r${i}@x.test;R;Ow${i};${hash}`),
      `ok@x.test;O;K;$argon2id$v=19$m=65536,t=10,p=4$${salt}$${tag}`,
    ].join('\n');
    const preview = await upload(admin, csv);
    expect(preview.issues).toEqual(rows.map(([, code], i) => ({ row: i + 1, field: 'password', code })));
    const { status } = await importCsv(c, admin, csv);
    expect(status).toMatchObject({ created: 1, failed: rows.length });
    const imported = await c.deps.db.selectFrom('users').select('email').where('client_id', '=', client.id).execute();
    expect(imported.map((u) => u.email).filter((e) => e !== adminUser.email)).toEqual(['ok@x.test']);
  });

  it('previews with a suggested mapping and one issue per bad row, and again with a chosen mapping', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const csv =
      'Nom;Prénom;Courriel;Geburtstag;Geschlecht;Unbekannt\nDurand;Marie;marie@x.test;31.12.1990;w;?\nMartin;;m@x.test;;;\nPetit;Luc;kein-mail;;;\nRoux;Anne;anne@x.test;1990-02-30;;\n';
    const preview = await upload(admin, csv);
    expect(preview.mapping).toEqual(['lastName', 'firstName', 'email', 'birthday', 'gender', null]);
    expect(preview).toMatchObject({ rowCount: 4, validCount: 1, issueCount: 3 });
    expect(preview.issues).toEqual([
      { row: 2, field: 'firstName', code: 'name_missing' },
      { row: 3, field: 'email', code: 'email_invalid' },
      { row: 4, field: 'birthday', code: 'date_invalid' },
    ]);
    const remapped = await admin.post(`/api/users/import/${preview.id}/preview`, {
      mapping: ['lastName', 'firstName', 'email', null, null, null],
    });
    expect(remapped.json()).toMatchObject({ validCount: 2, issueCount: 2 });
    const garbage = await admin.inject({
      method: 'POST',
      url: '/api/users/import',
      ...multipartFile('', 'empty.csv', 'text/csv'),
    });
    expect(garbage.json()).toMatchObject({ error: 'csv_invalid' });
  });

  it("puts a coordinator's imports into their groups only; other clients and participants see no import", async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const me = await createUser(c.deps.db, client, { role: 'COORDINATOR' });
    const group = await createGroup(c.deps.db, client, { name: 'Team A', coordinators: [me], members: [me] });
    await createGroup(c.deps.db, client, { name: 'Team B' });
    const coordinator = await signIn(c.app, me);
    const csv =
      'firstName;lastName;email;groups\nIn;Team;in@x.test;Team A\nNot;Mine;not@x.test;Team B\nNo;Group;no@x.test;\n';
    const noGroups = await upload(coordinator, csv);
    expect(noGroups.issues.map((i) => i.code)).toEqual(['group_not_allowed', 'group_required']);
    const { status } = await importCsv(c, coordinator, csv, { groupIds: [group.id] });
    expect(status).toMatchObject({ created: 2, failed: 1 });
    const listed = (await coordinator.get('/api/users', { search: 'x.test' })).json<{ total: number }>();
    expect(listed.total).toBe(2);
    const other = await signIn(c.app, await createUser(c.deps.db, await createClient(c.deps.db), { role: 'ADMIN' }));
    expect((await other.get(`/api/users/import/${noGroups.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/users/import/${noGroups.id}/report`)).statusCode).toBe(404);
    const participant = await signIn(c.app, await createUser(c.deps.db, client));
    expect((await participant.get(`/api/users/import/${noGroups.id}`)).statusCode).toBe(403);
  });
  it('queues an activation mail for each imported user without a password, in the transaction that creates them', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const csv =
      'email;firstName;lastName;password;locale\nm1@x.test;Mia;Eins;;fr-FR\nm2@x.test;Max;Zwei;;\nm3@x.test;Moe;Drei;Klartext-Start-3!;\n';
    const { status } = await importCsv(c, admin, csv, { sendActivationMail: true });
    expect(status).toMatchObject({ created: 3 });
    const mails = await c.deps.db
      .selectFrom('mail_queue')
      .select(['to_address', 'template_kind', 'locale'])
      .where('client_id', '=', client.id)
      .orderBy('to_address')
      .execute();
    expect(mails).toEqual([
      { to_address: 'm1@x.test', template_kind: 'activation', locale: 'fr-FR' },
      { to_address: 'm2@x.test', template_kind: 'activation', locale: 'de-DE' },
    ]);
  });

  it('pairs each of 1,001 activation mails across three batches with its own user, job and stored token hash', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const lines = ['email;firstName;lastName;password'];
    for (let i = 0; i < 1_001; i++) lines.push(`batch${i}@x.test;Vor${i};Nach${i};`);
    lines.push('withpassword@x.test;Mit;Passwort;Klartext-Start-3!');
    const { status } = await importCsv(c, admin, lines.join('\n'), { sendActivationMail: true });
    expect(status).toMatchObject({ status: 'done', total: 1_002, created: 1_002, skipped: 0, failed: 0 });
    const db = c.deps.db;
    const mails = await db.selectFrom('mail_queue').selectAll().where('client_id', '=', client.id).execute();
    expect(mails).toHaveLength(1_001);
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'email']).where('client_id', '=', client.id).execute()).map((u) => [
        u.email,
        u.id,
      ]),
    );
    const tokens = await db
      .selectFrom('user_tokens')
      .select(['user_id', 'token_hash'])
      .where('client_id', '=', client.id)
      .where('purpose', '=', 'activation')
      .execute();
    expect(tokens).toHaveLength(1_001);
    const hashOfUser = new Map(tokens.map((t) => [t.user_id, t.token_hash]));
    const jobs = new Map(
      (await db.selectFrom('jobs').select(['id', 'payload']).where('client_id', '=', client.id).execute()).map((j) => [
        j.id,
        j.payload,
      ]),
    );
    for (const mail of mails) {
      // Stored redacted; the link that leaves carries the token whose hash is stored for this very recipient.
      expect(mail.body_text).not.toMatch(/token=[\w-]{10}/);
      expect(jobs.get(mail.job_id ?? '')).toBe(JSON.stringify({ mailId: mail.id }));
      const token = /init-password\?(?:locale=[\w-]+&)?token=([\w-]+)/.exec(
        (await deliverableTexts(c.deps.config.appSecret, mail)).text,
      )?.[1];
      expect(hashToken(token ?? ''), mail.to_address).toBe(hashOfUser.get(users.get(mail.to_address) ?? ''));
    }
    expect(new Set(mails.map((m) => m.job_id)).size).toBe(1_001);
  });

  it('an import whose process died on every run ends failed, with the counts of what its batches committed', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const session = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const preview = await upload(session, 'email;firstName;lastName\r\nlost@import.example;Ada;Lost\r\n');
    const started = await session.post(`/api/users/import/${preview.id}/run`, { mapping: preview.mapping });
    const { jobId } = started.json<{ jobId: string }>();
    // As the last of IMPORT_RUNS runs leaves it when its process is killed: running, its lease run out.
    await c.deps.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: IMPORT_RUNS, lease_until: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', jobId)
      .execute();
    expect(await runDueJobs(c.deps, [createUserImportHandler()])).toBe(0);
    const status = (await session.get(`/api/users/import/${preview.id}`)).json<Record<string, unknown>>();
    expect(status).toMatchObject({ status: 'failed', done: 0, created: 0 });
    expect(status.error).toMatch(/stopped/);
  });
});
