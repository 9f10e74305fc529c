import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TLearningRecord } from '@lms/contracts/learning-record';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn, type TestUser } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect, type TestContext } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { resellerWorld } from '../clients/client-test-kit';
import {
  addParticipants,
  addTraining,
  certificateWorld,
  completeModules,
  pdfText,
  runCertificateJobs,
} from '../certificates/test-certificates';

// Issue 31 point 2: a person's learning record (every training and cycle, results, certificates and their validity),
// as JSON, as a PDF for an auditor (accents extracted whole by pdf.js and by poppler's pdftotext) and as CSV and
// XLSX; who may read whose (the reports capability: a coordinator their groups', the reseller roles their resold
// clients', read only); and a participant's own on the account page.

const PDFTOTEXT = '/usr/bin/pdftotext';

/**
 * Jürgen Ößwald-Éluard took "Arbeitssicherheit" twice: cycle 1 completed (92.5 %, passed, certificate valid until
 * 2027-03-04), closed when the renewal opened; cycle 2 under way, its first module failed at 40 %.
 */
async function recordWorld(ctx: () => TestContext) {
  const { app, deps } = ctx();
  const world = await certificateWorld(ctx, { title: 'Arbeitssicherheit – Grundlagen für Außendienst' });
  const person = await createUser(deps.db, world.client, {
    first_name: 'Jürgen',
    last_name: 'Ößwald-Éluard',
    personell_number: 'P-4711',
  });
  const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
  await addParticipants(deps.db, world.client.id, trainingId, [person.id]);
  await completeModules(ctx, world, trainingId, person);
  await runCertificateJobs(ctx);
  const certificate = await deps.db
    .selectFrom('course_certificates')
    .select(['id', 'cycle'])
    .where('user_id', '=', person.id)
    .executeTakeFirstOrThrow();
  await deps.db
    .updateTable('course_certificates')
    .set({ valid_until: '2027-03-04T00:00:00.000Z' })
    .where('id', '=', certificate.id)
    .execute();
  const closed = {
    client_id: world.client.id,
    training_id: trainingId,
    user_id: person.id,
    cycle: 1,
    status: 'COMPLETED',
    started_at: '2026-03-01T08:00:00.000Z',
    completed_at: '2026-03-04T09:30:00.000Z',
    completed_modules: 2,
    required_modules: 2,
    score_pct: 92.5,
    result: 'passed',
    valid_until: '2027-03-04T00:00:00.000Z',
    closed_at: '2027-02-02T00:00:00.000Z',
  };
  await deps.db.insertInto('training_cycles').values(closed).execute();
  await deps.db
    .updateTable('training_participants')
    .set({ cycle: 2, status: 'STARTED', completed_at: null, score_pct: 40, result: 'failed' })
    .where('training_id', '=', trainingId)
    .where('user_id', '=', person.id)
    .execute();
  await deps.db
    .updateTable('training_module_values')
    .set({ score_pct: 40, success_status: 'failed' })
    .where('user_id', '=', person.id)
    .where('module_id', '=', world.moduleIds[0]!)
    .execute();
  return { app, deps, world, person, trainingId, certificateId: certificate.id };
}

const recordUrl = (user: TestUser) => `/api/reports/records/${user.id}`;

/** Poppler's text of a PDF, or null when pdftotext is not installed here. */
function popplerText(bytes: Buffer): string | null {
  if (!existsSync(PDFTOTEXT)) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'record-pdf-'));
  try {
    const file = path.join(dir, 'record.pdf');
    writeFileSync(file, bytes);
    return execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeEachDialect('learning record', (ctx) => {
  it('answers every training and cycle with dates, score, passed or failed, and the certificate with its validity', async () => {
    const { world, person, trainingId, certificateId } = await recordWorld(ctx);
    const res = await world.admin.get(recordUrl(person));
    expect(res.statusCode).toBe(200);
    const record = res.json<TLearningRecord>();
    expect(record.user).toMatchObject({ id: person.id, name: 'Jürgen Ößwald-Éluard', personnelNumber: 'P-4711' });
    expect(record.clientName).toBe(world.client.name);
    expect(record.trainings).toHaveLength(1);
    expect(record.trainings[0]).toMatchObject({
      trainingId,
      courseTitle: 'Arbeitssicherheit – Grundlagen für Außendienst',
      assigned: true,
      cycles: [
        { cycle: 2, current: true, status: 'STARTED', score: 40, result: 'failed', certificate: null },
        {
          cycle: 1,
          current: false,
          status: 'COMPLETED',
          completedAt: '2026-03-04T09:30:00.000Z',
          score: 92.5,
          result: 'passed',
          validUntil: '2027-03-04T00:00:00.000Z',
          certificate: { id: certificateId, validUntil: '2027-03-04T00:00:00.000Z', state: 'valid' },
        },
      ],
      modules: [
        { moduleId: world.moduleIds[0], title: 'Modul 1', score: 40, success: 'failed' },
        { moduleId: world.moduleIds[1], title: 'Modul 2' },
      ],
    });
  });

  it('renders a PDF for an auditor in German, English and French whose accented text extracts whole', async () => {
    const { app, deps, world, person } = await recordWorld(ctx);
    const texts = {
      'de-DE': ['Lernnachweis', 'Durchgang', 'Bestanden', 'Nicht bestanden', 'Punktzahl', 'Zertifikat', '92,5 %'],
      'en-US': ['Learning record', 'Cycle', 'Passed', 'Failed', 'Score', 'Certificate', '92.5 %'],
      'fr-FR': ['Relevé de formation', 'Session', 'Réussi', 'Échoué', 'Note', 'Attestation', '92,5 %'],
    } as const;
    for (const [locale, words] of Object.entries(texts)) {
      const reader = await signIn(app, await createUser(deps.db, world.client, { role: 'ADMIN', locale }));
      const res = await reader.get(recordUrl(person), { format: 'pdf' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="[a-z-]+-jurgen-osswald-eluard-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      const bytes = res.rawPayload;
      // To look at the pages: RECORD_PDF_DIR=/tmp/x npx vitest run ...; then pdftoppm -png.
      if (process.env.RECORD_PDF_DIR)
        writeFileSync(path.join(process.env.RECORD_PDF_DIR, `record-${locale}.pdf`), bytes);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(bytes);
      for (const expected of [
        'Jürgen Ößwald-Éluard',
        'Arbeitssicherheit – Grundlagen für Außendienst',
        'P-4711',
        ...words,
      ])
        expect(text, `${locale}: ${expected}`).toContain(expected);
      const poppler = popplerText(bytes);
      if (poppler !== null)
        for (const expected of ['Jürgen Ößwald-Éluard', 'Außendienst', words[0], words[2]])
          expect(poppler, `pdftotext ${locale}: ${expected}`).toContain(expected);
    }
  });

  it('downloads the record as CSV (BOM, ";") and XLSX (dates as dates, numbers as numbers)', async () => {
    const { world, person } = await recordWorld(ctx);
    const csv = await world.admin.get(recordUrl(person), { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = Papa.parse<string[]>(csv.body.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]?.slice(0, 4)).toEqual(['Person', 'Personalnummer', 'Kurs', 'Durchgang']);
    expect(rows[2]).toEqual(
      expect.arrayContaining(['Jürgen Ößwald-Éluard', '1', 'Abgeschlossen', '92,5', 'Bestanden', '2027-03-04']),
    );

    const xlsx = await world.admin.get(recordUrl(person), { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const ws = (await readXlsx(xlsx.rawPayload)).worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const closed = ws.getRow(3);
    expect(closed.getCell(1).value).toBe('Jürgen Ößwald-Éluard');
    expect(closed.getCell(4).value).toBe(1);
    expect(closed.getCell(7).type).toBe(ExcelJS.ValueType.Date);
    expect((closed.getCell(7).value as Date).toISOString()).toBe('2026-03-04T09:30:00.000Z');
    expect(closed.getCell(8).value).toBeCloseTo(0.925);
  });

  it('shows a coordinator only their groups’ users (404 for others), refuses a participant (403) and bad input (400)', async () => {
    const { app, deps, world, person } = await recordWorld(ctx);
    const coordinatorUser = await createUser(deps.db, world.client, { role: 'COORDINATOR' });
    const coordinator = await signIn(app, coordinatorUser);
    const colleague = await createUser(deps.db, world.client, { first_name: 'Zoë', last_name: 'Außenseiter' });
    await createGroup(deps.db, world.client, { members: [person], coordinators: [coordinatorUser] });
    expect((await coordinator.get(recordUrl(person))).statusCode).toBe(200);
    expect((await coordinator.get(recordUrl(person), { format: 'pdf' })).statusCode).toBe(200);
    for (const format of [undefined, 'pdf', 'csv', 'xlsx']) {
      const other = await coordinator.get(recordUrl(colleague), format ? { format } : undefined);
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('Außenseiter');
    }
    const participant = await signIn(app, colleague);
    expect((await participant.get(recordUrl(person))).statusCode).toBe(403);
    const bad = await world.admin.get('/api/reports/records/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    const badFormat = await world.admin.get(recordUrl(person), { format: 'docx' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('answers another client’s admin 404 with nothing of the person; a reseller reads its resold clients’ records only', async () => {
    const { app, deps, person } = await recordWorld(ctx);
    const foreignClient = await createClient(deps.db);
    const foreign = await signIn(app, await createUser(deps.db, foreignClient, { role: 'ADMIN' }));
    for (const format of [undefined, 'pdf', 'csv', 'xlsx']) {
      const res = await foreign.get(recordUrl(person), format ? { format } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/Jürgen|Ößwald|Arbeitssicherheit/);
    }

    const w = await resellerWorld(ctx());
    const resoldPerson = await createUser(deps.db, w.resold, { first_name: 'Renée', last_name: 'Müller' });
    const foreignPerson = await createUser(deps.db, w.foreign, { first_name: 'Fremd', last_name: 'Person' });
    for (const role of ['RESELLER', 'RESELLER_COORDINATOR'] as const) {
      const reseller = await w.as(w.reseller, role);
      const own = await reseller.get(recordUrl(resoldPerson));
      expect(own.statusCode).toBe(200);
      expect(own.json<TLearningRecord>().user.name).toBe('Renée Müller');
      expect((await reseller.get(recordUrl(resoldPerson), { format: 'pdf' })).statusCode).toBe(200);
      const notResold = await reseller.get(recordUrl(foreignPerson));
      expect(notResold.statusCode).toBe(404);
      expect(notResold.body).not.toContain('Fremd');
      expect(notResold.json()).toMatchObject({ error: 'not_found', details: { entity: 'user' } });
      expect((await reseller.get(recordUrl(person))).statusCode).toBe(404);
    }
    // A resold client's ADMIN reaches only its own client.
    const resoldAdmin = await w.as(w.resold, 'ADMIN');
    expect((await resoldAdmin.get(recordUrl(resoldPerson))).statusCode).toBe(200);
    expect((await resoldAdmin.get(recordUrl(foreignPerson))).statusCode).toBe(404);
  });

  it('shows a participant their own record on the account page, as JSON and PDF', async () => {
    const { app, person } = await recordWorld(ctx);
    const me = await signIn(app, person);
    const res = await me.get('/api/account/learning-record');
    expect(res.statusCode).toBe(200);
    expect(res.json<TLearningRecord>()).toMatchObject({
      user: { id: person.id, name: 'Jürgen Ößwald-Éluard' },
      trainings: [{ cycles: [{ cycle: 2 }, { cycle: 1, result: 'passed' }] }],
    });
    const pdf = await me.get('/api/account/learning-record', { format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Jürgen Ößwald-Éluard');
    expect((await me.get('/api/account/learning-record', { format: 'xlsx' })).statusCode).toBe(200);
    expect((await me.get('/api/account/learning-record', { format: 'exe' })).statusCode).toBe(400);
    // Someone without trainings gets an empty record, not an error.
    const newcomer = await signIn(app, await createUser(ctx().deps.db, await createClient(ctx().deps.db), {}));
    const empty = await newcomer.get('/api/account/learning-record', { format: 'pdf' });
    expect(empty.statusCode).toBe(200);
    expect(await pdfText(empty.rawPayload)).toContain('Keine Schulungen.');
  });
});
