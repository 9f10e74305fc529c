import { EXPORT_FORMATS } from '@lms/contracts/exports';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { idOf, trainingWorld } from './test-trainings';

// Issue 31 point 3: the status table as XLSX and CSV, with the table's filter and order; a coordinator's holds
// their groups' members only; another client's training is not found.

const csvRows = (text: string) => Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;

describeEachDialect('status table export', (ctx) => {
  /** A training of the group "Lager" (Ärne Öhlund completed with 87.5 %, passed; Zoë still open). */
  const setup = async () => {
    const { deps } = ctx();
    const world = await trainingWorld(ctx, { members: 0 });
    const done = await createUser(deps.db, world.client, { first_name: 'Ärne', last_name: 'Öhlund', locale: 'de-DE' });
    const open = await createUser(deps.db, world.client, { first_name: 'Zoë', last_name: 'Zürn' });
    await deps.db
      .insertInto('group_members')
      .values(
        [done, open].map((u) => ({
          group_id: world.group.id,
          user_id: u.id,
          client_id: world.client.id,
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    const trainingId = idOf(
      await world.admin.post('/api/course-training', { courseId: world.courseId, groupIds: [world.group.id] }),
    );
    await deps.db
      .updateTable('training_participants')
      .set({
        status: 'COMPLETED',
        started_at: '2026-03-01T08:00:00.000Z',
        completed_at: '2026-03-04T09:30:00.000Z',
        completed_modules: 3,
        score_pct: 87.5,
        result: 'passed',
        valid_until: '2027-03-04T00:00:00.000Z',
      })
      .where('training_id', '=', trainingId)
      .where('user_id', '=', done.id)
      .execute();
    return { ...world, trainingId, done, open };
  };
  const url = (trainingId: string) => `/api/course-training/${trainingId}/participants/export`;

  it('exports the table as XLSX (typed cells: dates, numbers, percent) and CSV (BOM, ";", umlauts), filtered', async () => {
    const { admin, trainingId } = await setup();
    const xlsx = await admin.get(url(trainingId), { format: 'xlsx', sort: 'name' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      /^attachment; filename="participants-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const ws = (await readXlsx(xlsx.rawPayload)).worksheets[0]!;
    // The admin reads English.
    expect(ws.name).toBe('Participants');
    expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Name', 'E-mail', 'Status']);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    const done = ws.getRow(2);
    expect(done.getCell(1).value).toBe('Ärne Öhlund');
    expect(done.getCell(3).value).toBe('Completed');
    expect(done.getCell(7).type).toBe(ExcelJS.ValueType.Date);
    expect((done.getCell(7).value as Date).toISOString()).toBe('2026-03-04T09:30:00.000Z');
    // Modules completed (none recorded here) of the required three: numbers.
    expect(done.getCell(8).value).toBe(0);
    expect(done.getCell(9).value).toBe(3);
    expect(done.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(done.getCell(10).value).toBeCloseTo(0.875);
    expect(done.getCell(11).value).toBe('Passed');
    expect((done.getCell(13).value as Date).toISOString()).toBe('2027-03-04T00:00:00.000Z');
    expect(ws.getRow(3).getCell(1).value).toBe('Zoë Zürn');
    expect(ws.getRow(3).getCell(7).type).toBe(ExcelJS.ValueType.Null);

    const csv = await admin.get(url(trainingId), { format: 'csv', status: 'COMPLETED' });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvRows(csv.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 1)).toEqual(['Ärne Öhlund']);
    expect(rows[1]).toContain('87.5');
    const backwards = csvRows((await admin.get(url(trainingId), { sort: 'name', order: 'desc' })).body);
    expect(backwards.slice(1).map((r) => r[0])).toEqual(['Zoë Zürn', 'Ärne Öhlund']);
  });

  it('gives a coordinator only their groups’ members, refuses a participant (403), bad input (400), another client (404)', async () => {
    const { app, deps } = ctx();
    const { client, admin, trainingId, done, open, group, courseId } = await setup();
    const coordinatorUser = await createUser(deps.db, client, { role: 'COORDINATOR' });
    // The training is assigned to "Lager" (both) and to the coordinator's own group (Ärne only).
    const own = await createGroup(deps.db, client, { members: [done], coordinators: [coordinatorUser] });
    const assigned = await admin.post(`/api/course-training/${trainingId}`, {
      groupIds: [group.id, own.id],
      userIds: [],
    });
    expect(assigned.statusCode).toBe(200);
    const coordinator = await signIn(app, coordinatorUser);
    for (const format of EXPORT_FORMATS) {
      const res = await coordinator.get(url(trainingId), { format });
      expect(res.statusCode).toBe(200);
      const names =
        format === 'csv'
          ? csvRows(res.body)
              .slice(1)
              .map((r) => r[0])
          : (await readXlsx(res.rawPayload)).worksheets[0]!.getColumn(1).values.slice(2);
      expect(names).toEqual(['Ärne Öhlund']);
    }
    // A training of none of their groups is not found.
    const otherTraining = idOf(await admin.post('/api/course-training', { courseId, groupIds: [group.id] }));
    expect((await coordinator.get(url(otherTraining))).statusCode).toBe(404);
    expect((await (await signIn(app, open)).get(url(trainingId))).statusCode).toBe(403);
    const bad = await admin.get(url(trainingId), { format: 'pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    expect((await admin.get(url(trainingId), { sort: 'shoe' })).statusCode).toBe(400);
    expect((await admin.get('/api/course-training/not-an-id/participants/export')).statusCode).toBe(400);

    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    for (const format of EXPORT_FORMATS) {
      const res = await foreign.get(url(trainingId), { format });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/Öhlund|Zürn/);
    }
  });
});
