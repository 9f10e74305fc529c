import { EXPORT_FORMATS } from '@lms/contracts/exports';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { createClient, createUser, insertParticipants, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { EXPORT_FIELDS } from './user-export';

// Issue 31 point 3: the user list's export as XLSX and CSV, read back as Excel reads it; a coordinator's holds only
// their groups' users; the search is exported whole, a page at a time (past the list's cap of 10,000 too).

const csvRows = (text: string) => Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;

describeEachDialect('user export', (ctx) => {
  it('exports the search as XLSX: the import’s header row, dates as dates, frozen header, auto-filter', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', last_name: 'Admin' }));
    await createUser(deps.db, client, {
      first_name: 'Jörg',
      last_name: 'Müßig',
      email: 'joerg@x.test',
      birthday: '1980-02-29',
      city: '=cmd|"/c calc"!A1',
      last_login_at: '2026-11-30T14:05:00.000Z',
    });
    const res = await admin.get('/api/users/export', { search: 'joerg@x.test', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const ws = (await readXlsx(res.rawPayload)).worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(EXPORT_FIELDS);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.rowCount).toBe(2);
    const cell = (field: (typeof EXPORT_FIELDS)[number]) => ws.getRow(2).getCell(EXPORT_FIELDS.indexOf(field) + 1);
    expect(cell('firstName').value).toBe('Jörg');
    expect(cell('lastName').value).toBe('Müßig');
    expect(cell('birthday').type).toBe(ExcelJS.ValueType.Date);
    expect((cell('birthday').value as Date).toISOString()).toBe('1980-02-29T00:00:00.000Z');
    expect((cell('lastLogin').value as Date).toISOString()).toBe('2026-11-30T14:05:00.000Z');
    expect(cell('active').value).toBe('true');
    // A formula is text in a string cell, never run.
    expect(cell('city').type).toBe(ExcelJS.ValueType.String);
    expect(cell('city').value).toBe('=cmd|"/c calc"!A1');
  });

  it('exports a selection as XLSX through the bulk call, and as CSV when no format is named', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const chosen = await createUser(deps.db, client, { first_name: 'Renée', last_name: 'Éluard' });
    const xlsx = await admin.post('/api/users/bulk', {
      action: 'export',
      selection: { ids: [chosen.id] },
      format: 'xlsx',
    });
    expect(xlsx.statusCode).toBe(200);
    const ws = (await readXlsx(xlsx.rawPayload)).worksheets[0]!;
    expect(ws.getRow(2).getCell(1).value).toBe('Renée');
    const csv = await admin.post('/api/users/bulk', { action: 'export', selection: { ids: [chosen.id] } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csvRows(csv.body)[1]?.slice(0, 2)).toEqual(['Renée', 'Éluard']);
    const bad = await admin.post('/api/users/bulk', {
      action: 'export',
      selection: { ids: [chosen.id] },
      format: 'ods',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    const badQuery = await admin.get('/api/users/export', { format: 'ods' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('gives a coordinator only their groups’ users in either format; another client’s ids are not found', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const coordinatorUser = await createUser(deps.db, client, { role: 'COORDINATOR', last_name: 'Koordinatorin' });
    const member = await createUser(deps.db, client, { first_name: 'Mitglied', last_name: 'Ärmel' });
    const outsider = await createUser(deps.db, client, { first_name: 'Außen', last_name: 'Seiter' });
    await createGroup(deps.db, client, { members: [member], coordinators: [coordinatorUser] });
    const coordinator = await signIn(app, coordinatorUser);
    for (const format of EXPORT_FORMATS) {
      const res = await coordinator.get('/api/users/export', { format });
      expect(res.statusCode).toBe(200);
      const names =
        format === 'csv'
          ? csvRows(res.body)
              .slice(1)
              .map((r) => r[0])
          : (await readXlsx(res.rawPayload)).worksheets[0]!.getColumn(1).values.slice(2);
      expect(names).toEqual(['Mitglied']);
    }
    const outside = await coordinator.post('/api/users/bulk', {
      action: 'export',
      selection: { ids: [outsider.id] },
      format: 'xlsx',
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('Außen');

    const other = await createClient(deps.db);
    const foreign = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const res = await foreign.post('/api/users/bulk', {
      action: 'export',
      selection: { ids: [member.id] },
      format: 'xlsx',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Mitglied');
    const search = await foreign.get('/api/users/export', { format: 'csv' });
    expect(search.body).not.toContain('Mitglied');
    expect((await (await signIn(app, member)).get('/api/users/export')).statusCode).toBe(403);
  });

  it('exports every user the search finds, in list order, a page at a time past the page size', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', last_name: 'Zz-Admin' }));
    // Same last names across the page boundary: the keyset pages must neither skip nor repeat a tie.
    await insertParticipants(deps.db, client.id, 2_345, (i) => ({
      first_name: `Vorname${String(i).padStart(4, '0')}`,
      last_name: `Gleich${i % 3}`,
      email: `p${i}@bulk.test`,
    }));
    const res = await admin.get('/api/users/export', { search: 'bulk.test' });
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body).slice(1);
    expect(rows).toHaveLength(2_345);
    expect(new Set(rows.map((r) => r[2])).size).toBe(2_345);
    const names = rows.map((r) => `${r[0]} ${r[1]}`);
    const list = await admin.get('/api/users', { search: 'bulk.test', pageSize: '100', sort: 'name' });
    const first = list
      .json<{ items: { firstName: string; lastName: string }[] }>()
      .items.map((u) => `${u.firstName} ${u.lastName}`);
    expect(names.slice(0, 100)).toEqual(first);
  });
});
