import { LIST_TOTAL_CAP } from '@lms/contracts/constants';
import {
  REPORT_SORTS,
  REPORT_STATES,
  type TAttentionPage,
  type TAttentionRow,
  type TReportSort,
  type TReportState,
} from '@lms/contracts/reports';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { createClient, createUser, insertParticipants, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import type { Db } from '../../db/database';
import type { Actor } from '../../platform/session';
import { createCourse, idOf } from '../trainings/test-trainings';
import { getAttention } from './attention.service';
import { exportAttention } from './report-export';

// Issue 31 points 2 and 3: the compliance overview and the attention list as XLSX and CSV, with the screens' filters
// and scope: a coordinator's file holds their groups' members only, another group is not found (404), a participant
// is refused (403), another client's training or client is not found (404), a bad filter answers 400. The attention
// list's file holds every row, past the screen's LIST_TOTAL_CAP, read a page at a time in the list's order.

const csvRows = (text: string) => Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
const DAY = 86_400_000;
const COMPLIANCE = '/api/reports/compliance/export';
const ATTENTION = '/api/reports/attention/export';

describeEachDialect('report exports (GET /api/reports/compliance/export, /attention/export)', (ctx) => {
  /** "Brandschutz" (deadline 15 November 2026, past) for Lager (Jörg Übel, coordinated) and Büro (Zoë Zürn). */
  async function world() {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', locale: 'en-US' }));
    const coordinatorUser = await createUser(deps.db, client, { role: 'COORDINATOR', locale: 'de-DE' });
    const joerg = await createUser(deps.db, client, { first_name: 'Jörg', last_name: 'Übel' });
    const zoe = await createUser(deps.db, client, { first_name: 'Zoë', last_name: 'Zürn' });
    const lager = await createGroup(deps.db, client, {
      name: 'Lager',
      members: [joerg],
      coordinators: [coordinatorUser],
    });
    const buero = await createGroup(deps.db, client, { name: 'Büro', members: [zoe] });
    const course = await createCourse(admin, { title: 'Brandschutz', modules: 1, deadline: '2026-11-15' });
    const trainingId = idOf(
      await admin.post('/api/course-training', { courseId: course.courseId, groupIds: [lager.id, buero.id] }),
    );
    const coordinator = await signIn(app, coordinatorUser);
    return { client, admin, coordinator, joerg, zoe, lager, buero, trainingId };
  }

  it('exports the compliance overview as XLSX (typed cells) and CSV (BOM, ";", umlauts), filtered', async () => {
    const w = await world();
    const xlsx = await w.admin.get(COMPLIANCE, { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="compliance-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const ws = (await readXlsx(xlsx.rawPayload)).worksheets[0]!;
    expect(ws.name).toBe('Compliance');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((ws.getRow(1).values as unknown[]).slice(1, 6)).toEqual([
      'Level',
      'Name',
      'Deadline',
      'Assigned',
      'Completed',
    ]);
    const total = ws.getRow(2);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(4).value).toBe(2);
    expect(total.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(total.getCell(6).value).toBe(2);
    expect(total.getCell(10).value).toBeCloseTo(1);
    const training = ws.getRow(3);
    expect(training.getCell(1).value).toBe('Training');
    expect(training.getCell(2).value).toBe('Brandschutz (en)');
    expect(training.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect((training.getCell(3).value as Date).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    const names: unknown[] = [];
    ws.eachRow((row, n) => n > 1 && names.push(`${row.getCell(1).text}: ${row.getCell(2).text}`));
    expect(names).toEqual(
      expect.arrayContaining(['Group: Lager', 'Group: Büro', 'Company: No company', 'Training: Brandschutz (en)']),
    );

    const csv = await w.admin.get(COMPLIANCE, { format: 'csv', group: w.buero.id });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvRows(csv.rawPayload.toString('utf8'));
    expect(rows[0]?.slice(0, 4)).toEqual(['Level', 'Name', 'Deadline', 'Assigned']);
    expect(rows[1]?.slice(0, 4)).toEqual(['Total', '', '', '1']);
    expect(rows.some((r) => r[0] === 'Group' && r[1] === 'Büro')).toBe(true);
  });

  it('exports the attention list with its state and order; a coordinator gets their groups only, in German', async () => {
    const w = await world();
    const xlsx = await w.admin.get(ATTENTION, { format: 'xlsx', state: 'overdue', sort: 'name' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="attention-overdue-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const ws = (await readXlsx(xlsx.rawPayload)).worksheets[0]!;
    expect(ws.name).toBe('Needs attention');
    expect(ws.rowCount).toBe(3);
    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe('Jörg Übel');
    expect(first.getCell(3).value).toBe('Brandschutz (en)');
    expect(first.getCell(4).value).toBe('Lager');
    expect(first.getCell(6).value).toBe('Overdue');
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.Date);
    expect((first.getCell(7).value as Date).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(first.getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(8).value as number).toBeGreaterThan(0);
    expect(ws.getRow(3).getCell(1).value).toBe('Zoë Zürn');

    const csv = await w.coordinator.get(ATTENTION, { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvRows(csv.rawPayload.toString('utf8'));
    expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'E-Mail', 'Schulung']);
    expect(rows.slice(1).map((r) => [r[0], r[5]])).toEqual([['Jörg Übel', 'Überfällig']]);
    expect(csv.body).not.toContain('Zürn');
    const empty = await w.admin.get(ATTENTION, { format: 'csv', state: 'expired' });
    expect(csvRows(empty.rawPayload.toString('utf8'))).toHaveLength(1);
  });

  it("answers 404 for a coordinator's other group and another client's training or client, 403 for a participant", async () => {
    const { app, deps } = ctx();
    const w = await world();
    for (const path of [COMPLIANCE, ATTENTION]) {
      const otherGroup = await w.coordinator.get(path, { format: 'xlsx', group: w.buero.id });
      expect(otherGroup.statusCode, path).toBe(404);
      expect(otherGroup.body).not.toContain('Zürn');
    }
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    for (const query of [{ training: w.trainingId }, { group: w.lager.id }, { client: w.client.id }] as Record<
      string,
      string
    >[])
      for (const path of [COMPLIANCE, ATTENTION]) {
        const res = await otherAdmin.get(path, { format: 'csv', ...query });
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(404);
        expect(res.body).not.toContain('Übel');
      }
    const participant = await signIn(app, w.joerg);
    for (const path of [COMPLIANCE, ATTENTION]) {
      const res = await participant.get(path, { format: 'xlsx' });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('answers 400 validation_failed for a bad format, period, state or id', async () => {
    const w = await world();
    for (const [path, query] of [
      [COMPLIANCE, { format: 'pdf' }],
      [COMPLIANCE, { from: '2026-12-01', to: '2026-11-01' }],
      [COMPLIANCE, { group: 'not-an-id' }],
      [ATTENTION, { format: 'xls' }],
      [ATTENTION, { state: 'late' }],
      [ATTENTION, { sort: 'random' }],
    ] as const) {
      const res = await w.admin.get(path, query);
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
  });
  /** Participant rows of a training for the users, inserted as an assignment would make them, 500 at a time. */
  async function assign(db: Db, clientId: string, trainingId: string, userIds: readonly string[], set = {}) {
    const now = new Date().toISOString();
    const rows = userIds.map((userId) => ({
      training_id: trainingId,
      user_id: userId,
      client_id: clientId,
      is_direct: true,
      status: 'PENDING',
      valid_until: null,
      renewal_opens_at: null,
      invited_at: null,
      started_at: null,
      completed_at: null,
      last_reminder_at: null,
      created_at: now,
      updated_at: now,
      ...set,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('training_participants')
        .values(rows.slice(i, i + 500))
        .execute();
  }

  const keyOf = (r: Pick<TAttentionRow, 'trainingId' | 'userId'>) => `${r.trainingId}/${r.userId}`;

  it('exports every overdue row past LIST_TOTAL_CAP, in the list order, as CSV and as XLSX', async () => {
    const { deps } = ctx();
    const w = await world();
    // A second training past its deadline, later than Brandschutz's: "urgent" lists Brandschutz's people first.
    const later = await createCourse(w.admin, { title: 'Arbeitsschutz', modules: 1, deadline: '2026-11-20' });
    const second = idOf(
      await w.admin.post('/api/course-training', { courseId: later.courseId, groupIds: [w.buero.id] }),
    );
    const half = Math.ceil(LIST_TOTAL_CAP / 2) + 3;
    const ids = await insertParticipants(deps.db, w.client.id, half, (i) => ({
      first_name: `Vorname${String(i).padStart(5, '0')}`,
      last_name: `Gleich${i % 3}`,
      email: `p${i}@bulk.test`,
    }));
    await assign(deps.db, w.client.id, w.trainingId, ids);
    await assign(deps.db, w.client.id, second, ids);
    const expected = 2 * half + 3; // and Jörg and Zoë in Brandschutz, Zoë in Arbeitsschutz
    expect(expected).toBeGreaterThan(LIST_TOTAL_CAP);
    const screen = (await w.admin.get('/api/reports/attention', { pageSize: '500' })).json<TAttentionPage>();
    expect(screen).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });

    const csv = await w.admin.get(ATTENTION, { format: 'csv', state: 'overdue', sort: 'urgent' });
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.rawPayload.toString('utf8')).slice(1);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => `${r[1]}/${r[2]}`)).size).toBe(expected);
    // Brandschutz (the older deadline) whole, then Arbeitsschutz whole; the first page is the screen's.
    const titles = rows.map((r) => r[2]);
    expect(titles.lastIndexOf('Brandschutz (en)')).toBe(half + 1);
    expect(titles.indexOf('Arbeitsschutz (en)')).toBe(half + 2);
    expect(rows.slice(0, 500).map((r) => r[1])).toEqual(screen.items.map((i) => i.email ?? ''));

    const xlsx = await w.admin.get(ATTENTION, { format: 'xlsx', state: 'overdue', sort: 'name' });
    expect(xlsx.statusCode).toBe(200);
    const ws = (await readXlsx(xlsx.rawPayload)).worksheets[0]!;
    expect(ws.rowCount).toBe(expected + 1);
    const cells: string[] = [];
    ws.eachRow((row, n) => n > 1 && cells.push(`${row.getCell(2).text}/${row.getCell(3).text}`));
    expect(new Set(cells).size).toBe(expected);
    const byName = (
      await w.admin.get('/api/reports/attention', { sort: 'name', pageSize: '500', page: '2' })
    ).json<TAttentionPage>();
    expect(cells.slice(500, 1000)).toEqual(byName.items.map((i) => `${i.email ?? ''}/${i.trainingTitle}`));
  }, 120_000);

  it('reads the keyset pages in the order of the screen for every state and sort, across ties', async () => {
    const { deps } = ctx();
    const w = await world();
    const later = await createCourse(w.admin, { title: 'Arbeitsschutz', modules: 1, deadline: '2026-11-20' });
    const second = idOf(
      await w.admin.post('/api/course-training', { courseId: later.courseId, groupIds: [w.buero.id] }),
    );
    // Equal names and equal end dates across the page boundaries (pages of 2): the keyset must neither skip a tie
    // nor repeat one.
    const people = (n: number, tag: string) =>
      insertParticipants(deps.db, w.client.id, n, (i) => ({
        first_name: 'Gleich',
        last_name: `Name${i % 2}`,
        email: `${tag}${i}@keys.test`,
      }));
    const base = Date.now();
    const at = (days: number) => new Date(base + days * DAY).toISOString();
    const expiring = await people(5, 'soon');
    const expired = await people(5, 'gone');
    for (const [n, training] of [w.trainingId, second].entries()) {
      await assign(deps.db, w.client.id, training, expiring.slice(n), {
        status: 'COMPLETED',
        completed_at: at(-30),
        valid_until: at(10 + (n % 2)),
      });
      for (const [i, userId] of expired.entries())
        await assign(deps.db, w.client.id, training, [userId], { status: 'EXPIRED', valid_until: at(-1 - (i % 2)) });
    }
    const adminUser = await deps.db
      .selectFrom('users')
      .select(['id', 'client_id'])
      .where('client_id', '=', w.client.id)
      .where('role', '=', 'ADMIN')
      .executeTakeFirstOrThrow();
    const actor: Actor = {
      userId: adminUser.id,
      clientId: adminUser.client_id,
      role: 'ADMIN',
      locale: 'en-US',
      loginType: 0,
      sessionId: 'report-export-test',
      isPasswordChangeRequired: false,
    };
    const collect = async (state: TReportState, sort: TReportSort) => {
      const table = await exportAttention(deps, actor, { state, sort }, 2);
      const out: string[] = [];
      for await (const page of table.rows) {
        expect(page.length).toBeLessThanOrEqual(2);
        out.push(...page.map(keyOf));
      }
      return out;
    };
    for (const state of REPORT_STATES)
      for (const sort of REPORT_SORTS) {
        const screen = await getAttention(deps, actor, { state, sort, page: 1, pageSize: 500 });
        expect(screen.items.length, `${state} ${sort}`).toBeGreaterThan(1);
        expect(await collect(state, sort), `${state} ${sort}`).toEqual(screen.items.map(keyOf));
      }
  });
});
