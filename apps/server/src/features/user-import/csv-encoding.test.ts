import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { multipartFile } from '../../../test/multipart';
import { useTestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect, type Caller, type TestContext } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs';
import { createUserImportHandler } from './user-import.job';

// Issue 28 point 9: German Excel saves "CSV (Trennzeichen-getrennt)" in Windows-1252 with ";" and CRLF, and the
// import read it as UTF-8: every umlaut became U+FFFD, the "Straße" column was lost, and the invitation greeted
// "Hallo Gisela M�ller-Wei�".

/** The characters of Windows-1252's 0x80-0x9F row that these files use; the rest of it is ISO-8859-1. */
const HIGH = new Map([
  ['€', 0x80],
  ['„', 0x84],
  ['’', 0x92],
  ['“', 0x93],
  ['–', 0x96],
]);
/** Text as Windows-1252 bytes, as Excel writes it; a character it cannot hold fails the test's own setup. */
function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((c) => {
      const code = c.codePointAt(0) ?? 0;
      const byte = HIGH.get(c) ?? (code < 0x80 || (code > 0x9f && code < 0x100) ? code : undefined);
      if (byte === undefined) throw new Error(`${c} is no Windows-1252 character`);
      return byte;
    }),
  );
}

/** What German Excel writes: ";", CRLF, quotes only around cells with ";" or '"', no BOM, a header with "ß". */
const GERMAN_EXCEL = [
  'Vorname;Nachname;E-Mail;Straße;Ort;Aktiv',
  'Gisela;Müller-Weiß;gisela@x.test;Hauptstraße 5;Köln;WAHR',
  'Jörg;"Groß; geb. Schäfer";joerg@x.test;"Am ""Grünen"" Weg 1";Düsseldorf;FALSCH',
  'Seán;O’Brien;sean@x.test;Rue de l’Église 3 – Hof;Besançon;WAHR',
]
  .map((l) => `${l}\r\n`)
  .join('');

interface Preview {
  id: string;
  delimiter: string;
  headers: string[];
  mapping: (string | null)[];
  rows: string[][];
  rowCount: number;
  validCount: number;
  issueCount: number;
}

const uploadRaw = (session: Caller, bytes: Buffer) =>
  session.inject({ method: 'POST', url: '/api/users/import', ...multipartFile(bytes, 'benutzer.csv', 'text/csv') });

async function upload(session: Caller, bytes: Buffer): Promise<Preview> {
  const res = await uploadRaw(session, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Preview>();
}

async function run(c: TestContext, session: Caller, preview: Preview, sendActivationMail: boolean) {
  const started = await session.post(`/api/users/import/${preview.id}/run`, {
    mapping: preview.mapping,
    groupIds: [],
    sendActivationMail,
  });
  expect(started.statusCode, started.body).toBe(200);
  while ((await runDueJobs(c.deps, [createUserImportHandler()])) > 0);
  return (await session.get(`/api/users/import/${preview.id}`)).json<Record<string, unknown>>();
}

const usersOf = async (c: TestContext, clientId: string) =>
  (
    await c.deps.db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name', 'street', 'city', 'is_active', 'gender'])
      .where('client_id', '=', clientId)
      .where('email', 'like', '%@x.test')
      .orderBy('email')
      .execute()
  ).map((u) => ({ ...u, is_active: Boolean(u.is_active) }));

const count = async (c: TestContext, table: 'users' | 'user_imports', clientId: string) =>
  Number(
    (
      await c.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDialect('CSV import: encodings and yes/no words', (ctx) => {
  const smtp = useTestSmtp();

  const setup = async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    return { c, client, admin };
  };

  it('imports a Windows-1252 file as German Excel saves it with every umlaut right, mails included', async () => {
    const { c, client, admin } = await setup();
    const preview = await upload(admin, windows1252(GERMAN_EXCEL));
    expect(preview).toMatchObject({
      delimiter: ';',
      headers: ['Vorname', 'Nachname', 'E-Mail', 'Straße', 'Ort', 'Aktiv'],
      mapping: ['firstName', 'lastName', 'email', 'street', 'city', 'active'],
      rowCount: 3,
      validCount: 3,
      issueCount: 0,
    });
    expect(preview.rows[0]).toEqual(['Gisela', 'Müller-Weiß', 'gisela@x.test', 'Hauptstraße 5', 'Köln', 'WAHR']);
    // The preview with a chosen mapping reads the same stored text.
    const again = await admin.post(`/api/users/import/${preview.id}/preview`, { mapping: preview.mapping });
    expect(again.json<Preview>().rows).toEqual(preview.rows);

    expect(await run(c, admin, preview, true)).toMatchObject({ status: 'done', created: 3, failed: 0 });
    expect(await usersOf(c, client.id)).toEqual([
      {
        email: 'gisela@x.test',
        first_name: 'Gisela',
        last_name: 'Müller-Weiß',
        street: 'Hauptstraße 5',
        city: 'Köln',
        is_active: true,
        gender: null,
      },
      {
        email: 'joerg@x.test',
        first_name: 'Jörg',
        last_name: 'Groß; geb. Schäfer',
        street: 'Am "Grünen" Weg 1',
        city: 'Düsseldorf',
        is_active: false,
        gender: null,
      },
      {
        email: 'sean@x.test',
        first_name: 'Seán',
        last_name: 'O’Brien',
        street: 'Rue de l’Église 3 – Hof',
        city: 'Besançon',
        is_active: true,
        gender: null,
      },
    ]);

    // The invitations, delivered through a real SMTP server and parsed as a mail client would.
    const queued = await c.deps.db
      .selectFrom('mail_queue')
      .select('id')
      .where('client_id', '=', client.id)
      .where('template_kind', '=', 'activation')
      .execute();
    expect(queued.length).toBeGreaterThan(0);
    await drainJobs(workerDeps(c.deps, { smtpUrl: smtp().url }), [mailHandler()], new TestClock());
    const mails = await smtp().waitForMessages(queued.length);
    const gisela = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === 'gisela@x.test');
    expect(gisela?.text).toContain('Hallo Gisela Müller-Weiß,');
    expect(gisela?.text).not.toContain('\uFFFD');
    expect(gisela?.to && !Array.isArray(gisela.to) ? gisela.to.value[0]?.name : undefined).toBe('Gisela Müller-Weiß');
  });

  it('imports UTF-8 with BOM, UTF-8 without BOM and UTF-16LE with BOM (Excel "Unicode text", tabs) alike', async () => {
    const { c, client, admin } = await setup();
    const utf8 = 'Vorname;Nachname;E-Mail\r\nGisela;Müller-Weiß;a@x.test\r\n';
    const bom = '\uFEFFVorname;Nachname;E-Mail\r\nJörg;Groß;b@x.test\r\n';
    const unicodeText = '\uFEFFVorname\tNachname\tE-Mail\r\nFrançoise;Ærø\tÑúñez\tc@x.test\r\n';
    for (const bytes of [Buffer.from(utf8), Buffer.from(bom), Buffer.from(unicodeText, 'utf16le')]) {
      const preview = await upload(admin, bytes);
      expect(preview).toMatchObject({ headers: ['Vorname', 'Nachname', 'E-Mail'], validCount: 1, issueCount: 0 });
      expect(await run(c, admin, preview, false)).toMatchObject({ created: 1 });
    }
    expect((await usersOf(c, client.id)).map((u) => `${u.first_name} ${u.last_name}`)).toEqual([
      'Gisela Müller-Weiß',
      'Jörg Groß',
      'Françoise;Ærø Ñúñez',
    ]);
  });

  it('decodes a file larger than one upload chunk whole: no umlaut split between chunks is lost', async () => {
    const { c, admin } = await setup();
    const lines = ['Vorname;Nachname;E-Mail'];
    for (let i = 0; i < 2_000; i++) lines.push(`Jörg${i};Müller-Weiß-Groß;j${i}@x.test`);
    const text = `${lines.join('\r\n')}\r\n`;
    for (const bytes of [Buffer.from(text), windows1252(text)]) {
      expect(bytes.length).toBeGreaterThan(64 * 1024);
      const preview = await upload(admin, bytes);
      expect(preview).toMatchObject({ rowCount: 2_000, issueCount: 0 });
      const stored = await c.deps.db
        .selectFrom('user_imports')
        .select('content')
        .where('id', '=', preview.id)
        .executeTakeFirstOrThrow();
      expect(stored.content).toBe(text);
    }
  });

  it('refuses a file that is neither UTF-8 nor Windows-1252 with the line, and imports nothing', async () => {
    const { c, client, admin } = await setup();
    const users = await count(c, 'users', client.id);
    const imports = await count(c, 'user_imports', client.id);
    // 0x81 is no character in Windows-1252, and the bytes are no UTF-8: line 3 (the header is line 1).
    const bytes = Buffer.concat([
      windows1252('Vorname;Nachname;E-Mail\r\nGisela;Müller-Weiß;a@x.test\r\n'),
      Buffer.from([0x4d, 0x81, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x58, 0x3b, 0x62, 0x40, 0x78, 0x2e, 0x74, 0x0d, 0x0a]),
    ]);
    const utf16WithoutBom = Buffer.from('Vorname;Nachname;E-Mail\r\nA;B;a@x.test\r\n', 'utf16le');
    const mixed = Buffer.concat([Buffer.from('Vorname;Nachname\r\nMüller;A\r\n'), windows1252('Weiß;B\r\n')]);
    for (const [file, line] of [
      [bytes, 3],
      [utf16WithoutBom, 1],
      [mixed, 3],
    ] as const) {
      const res = await uploadRaw(admin, file);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'csv_encoding', details: { line } });
    }
    expect(await count(c, 'users', client.id)).toBe(users);
    expect(await count(c, 'user_imports', client.id)).toBe(imports);
  });

  it('reads WAHR/FALSCH and VRAI/FAUX in any case beside the other yes/no words; "constructor" is no word', async () => {
    const { c, client, admin } = await setup();
    const words = ['WAHR', 'falsch', 'Vrai', 'FAUX', 'wahr', 'Falsch', 'true', 'NEIN', 'oui', 'x', '0', 'inaktiv'];
    const rows = words.map((w, i) => `V${i};N${i};u${String(i).padStart(2, '0')}@x.test;${w};`);
    rows.push('Bad;One;v1@x.test;constructor;', 'Bad;Two;v2@x.test;;constructor', 'Bad;Three;v3@x.test;;__proto__');
    const preview = await upload(
      admin,
      windows1252(['Vorname;Nachname;E-Mail;Aktiv;Geschlecht', ...rows].join('\r\n')),
    );
    expect(preview).toMatchObject({ validCount: words.length, issueCount: 3 });
    expect(await run(c, admin, preview, false)).toMatchObject({ created: words.length, failed: 3 });
    const stored = (await usersOf(c, client.id)).filter((u) => u.email?.startsWith('u'));
    expect(stored.map((u) => u.is_active)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
    const report = (await admin.get(`/api/users/import/${preview.id}/report`)).body;
    expect(report).toContain('active_invalid;active;v1@x.test');
    expect(report.match(/gender_invalid;gender/g)).toHaveLength(2);
  });
});
