import type { TAttentionPage, TCompliance, TComplianceFigures, TReportChoices } from '@lms/contracts/reports';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient, createUser, signIn, type TestClient, type TestUser } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect, type TestContext } from '../../../test/test-app';
import { newId } from '../../platform/ids';
import { createCourse, idOf } from '../trainings/test-trainings';
import { recountReports } from './test-report-counts';

// A fixed clock: Wednesday 2026-11-25, 10:00 UTC. Its week starts on Monday 2026-11-23.
const NOW = new Date('2026-11-25T10:00:00.000Z');
const TODAY = '2026-11-25';
const DAY = 86_400_000;

describeEachDialect(
  'the reports (GET /api/reports/compliance, /attention, POST .../remind)',
  (ctx) => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
    });
    afterEach(() => vi.useRealTimers());

    const company = async (client: TestClient, name: string) => {
      const id = newId();
      await ctx()
        .deps.db.insertInto('companies')
        .values({ id, client_id: client.id, name, name_normalized: name.toLowerCase(), created_at: NOW.toISOString() })
        .execute();
      return id;
    };

    const setStatus = (trainingId: string, user: TestUser, set: Record<string, unknown>) =>
      ctx()
        .deps.db.updateTable('training_participants')
        .set(set)
        .where('training_id', '=', trainingId)
        .where('user_id', '=', user.id)
        .execute();

    /**
     * Client A: G1 (u1, u2, u3; coordinated by the coordinator) and G2 (u3, u4, u5); companies Nord (u1, u4) and Süd
     * (u2, u5); u3 has none. "Brandschutz" (deadline 15 November, past) and "Datenschutz" (31 December) for both
     * groups, with completions, an optional, an expired and validities ending soon and later.
     */
    async function world() {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', locale: 'en-US' }));
      const coordinatorUser = await createUser(deps.db, client, { role: 'COORDINATOR' });
      const nord = await company(client, 'Nord');
      const sued = await company(client, 'Süd');
      const user = (first: string, companyId: string | null) =>
        createUser(deps.db, client, { first_name: first, last_name: 'Muster', company_id: companyId });
      const u1 = await user('Anna', nord);
      const u2 = await user('Ben', sued);
      const u3 = await user('Cem', null);
      const u4 = await user('Dora', nord);
      const u5 = await user('Emil', sued);
      const g1 = await createGroup(deps.db, client, {
        name: 'Lager',
        members: [u1, u2, u3],
        coordinators: [coordinatorUser],
      });
      const g2 = await createGroup(deps.db, client, { name: 'Büro', members: [u3, u4, u5] });
      const brand = await createCourse(admin, {
        title: 'Brandschutz',
        modules: 1,
        deadline: '2026-11-15',
        invitation: false,
      });
      const daten = await createCourse(admin, {
        title: 'Datenschutz',
        modules: 1,
        deadline: '2026-12-31',
        invitation: false,
      });
      const ta = idOf(await admin.post('/api/course-training', { courseId: brand.courseId, groupIds: [g1.id, g2.id] }));
      const tb = idOf(await admin.post('/api/course-training', { courseId: daten.courseId, groupIds: [g1.id, g2.id] }));
      const at = (day: string) => `${day}T09:00:00.000Z`;
      await setStatus(ta, u1, { status: 'COMPLETED', completed_at: at('2026-11-10') });
      await setStatus(ta, u2, { status: 'COMPLETED', completed_at: at('2026-11-20') });
      await setStatus(ta, u3, { status: 'STARTED', started_at: at('2026-11-01') });
      await setStatus(ta, u5, { status: 'OPTIONAL', is_optional: true });
      await setStatus(tb, u1, { status: 'COMPLETED', completed_at: at('2026-11-24'), valid_until: at('2026-12-10') });
      await setStatus(tb, u2, { status: 'EXPIRED', valid_until: at('2026-11-01') });
      await setStatus(tb, u3, { status: 'PENDING', cycle: 2, valid_until: at('2026-12-20') });
      await setStatus(tb, u4, { status: 'COMPLETED', completed_at: at('2026-10-01'), valid_until: at('2027-10-01') });
      const coordinator = await signIn(app, coordinatorUser);
      return { client, admin, coordinator, coordinatorUser, u1, u2, u3, u4, u5, g1, g2, nord, sued, ta, tb };
    }

    /** The figures counted here, from the rows as seeded: independently of the summary rows and of the service. */
    async function expectedFigures(c: TestContext, clientId: string, keep: (p: SeededRow) => boolean) {
      const rows = (await seededRows(c, clientId)).filter(keep);
      const soon = new Date(NOW.getTime() + 30 * DAY).toISOString();
      const assigned = rows.filter((r) => r.status !== 'OPTIONAL');
      const count = (f: (r: SeededRow) => boolean) => assigned.filter(f).length;
      const overdue = count((r) => r.deadline < TODAY && (r.status === 'PENDING' || r.status === 'STARTED'));
      const expiring = count(
        (r) =>
          r.valid_until !== null &&
          r.valid_until > NOW.toISOString() &&
          r.valid_until <= soon &&
          r.status !== 'EXPIRED',
      );
      const completed = count((r) => r.status === 'COMPLETED');
      const expired = count((r) => r.status === 'EXPIRED');
      const n = assigned.length;
      const rate = (x: number) => (n === 0 ? 0 : x / n);
      return {
        assigned: n,
        completed,
        overdue,
        expiring,
        expired,
        completedRate: rate(completed),
        overdueRate: rate(overdue),
        expiringRate: rate(expiring),
        expiredRate: rate(expired),
      } satisfies TComplianceFigures;
    }

    interface SeededRow {
      training_id: string;
      user_id: string;
      status: string;
      completed_at: string | null;
      valid_until: string | null;
      company_id: string | null;
      deadline: string;
      groups: string[];
    }

    async function seededRows(c: TestContext, clientId: string): Promise<SeededRow[]> {
      const rows = await c.deps.db
        .selectFrom('training_participants as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .innerJoin('trainings as t', 't.id', 'p.training_id')
        .innerJoin('courses as c', 'c.id', 't.course_id')
        .select([
          'p.training_id',
          'p.user_id',
          'p.status',
          'p.completed_at',
          'p.valid_until',
          'u.company_id',
          'c.deadline',
        ])
        .where('p.client_id', '=', clientId)
        .where('p.is_assigned', '=', true)
        .execute();
      const members = await c.deps.db
        .selectFrom('group_members')
        .selectAll()
        .where('client_id', '=', clientId)
        .execute();
      const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null);
      return rows.map((r) => ({
        ...r,
        completed_at: iso(r.completed_at),
        valid_until: iso(r.valid_until),
        deadline: String(iso(r.deadline)).slice(0, 10),
        groups: members.filter((m) => m.user_id === r.user_id).map((m) => m.group_id),
      }));
    }

    it("answers an admin the client's figures per training, group and company, each as counted from the rows", async () => {
      const c = ctx();
      const w = await world();
      const res = await w.admin.get('/api/reports/compliance');
      expect(res.statusCode).toBe(200);
      const body = res.json<TCompliance>();
      const all = () => true;
      expect(body.totals).toEqual(await expectedFigures(c, w.client.id, all));
      // Spelled out once: 10 assigned less the optional; overdue u3, u4 of Brandschutz; expiring u1, u3; expired u2.
      expect(body.totals).toMatchObject({ assigned: 9, completed: 4, overdue: 2, expiring: 2, expired: 1 });
      for (const t of body.trainings)
        expect(t, t.name ?? '').toMatchObject(await expectedFigures(c, w.client.id, (r) => r.training_id === t.id));
      expect(body.trainings.map((t) => [t.name, t.deadline])).toEqual([
        ['Brandschutz (en)', '2026-11-15'],
        ['Datenschutz (en)', '2026-12-31'],
      ]);
      for (const g of body.groups)
        expect(g, g.name ?? '').toMatchObject(await expectedFigures(c, w.client.id, (r) => r.groups.includes(g.id!)));
      expect(body.groups.map((g) => g.name)).toEqual(['Büro', 'Lager']);
      for (const k of body.companies)
        expect(k, k.name ?? 'none').toMatchObject(await expectedFigures(c, w.client.id, (r) => r.company_id === k.id));
      expect(body.companies.map((k) => k.name)).toEqual(['Nord', 'Süd', null]);
    });

    it('counts the expiring to the millisecond at both ends of the 30 days (summary days and the two partial days)', async () => {
      const c = ctx();
      const w = await world();
      const soon = NOW.getTime() + 30 * DAY;
      const at = (ms: number) => new Date(ms).toISOString();
      // Today: ended an hour ago (not expiring), ends in an hour (expiring). The last day: a minute before the
      // window's end (expiring) and a minute after (not). In between: whole days, read from report_validity_days.
      await setStatus(w.ta, w.u4, { valid_until: at(NOW.getTime() - 3_600_000) });
      await setStatus(w.ta, w.u1, { valid_until: at(NOW.getTime() + 3_600_000) });
      await setStatus(w.tb, w.u5, { valid_until: at(soon - 60_000) });
      await setStatus(w.ta, w.u2, { valid_until: at(soon + 60_000) });
      await setStatus(w.ta, w.u3, { valid_until: at(NOW.getTime() + 12 * DAY) });
      expect(await recountReports(c.deps.db, w.client.id)).toEqual({ drift: [] });
      const body = (await w.admin.get('/api/reports/compliance')).json<TCompliance>();
      const all = () => true;
      expect(body.totals).toEqual(await expectedFigures(c, w.client.id, all));
      // u1 and u3 of Datenschutz as before, and u1 (today), u5 (the last day), u3 (day 12) here.
      expect(body.totals.expiring).toBe(5);
      for (const t of body.trainings)
        expect(t, t.name ?? '').toMatchObject(await expectedFigures(c, w.client.id, (r) => r.training_id === t.id));
      for (const g of body.groups)
        expect(g, g.name ?? '').toMatchObject(await expectedFigures(c, w.client.id, (r) => r.groups.includes(g.id!)));
      for (const k of body.companies)
        expect(k, k.name ?? 'none').toMatchObject(await expectedFigures(c, w.client.id, (r) => r.company_id === k.id));
      // Narrowed to one training, the summary's other trainings stay out.
      const one = (await w.admin.get('/api/reports/compliance', { training: w.tb })).json<TCompliance>();
      expect(one.totals).toEqual(await expectedFigures(c, w.client.id, (r) => r.training_id === w.tb));
    });

    it('answers the weekly trend: completions per week and the overdue at each week end, as counted from the rows', async () => {
      const c = ctx();
      const w = await world();
      const res = await w.admin.get('/api/reports/compliance', { from: '2026-11-02', to: TODAY });
      const body = res.json<TCompliance>();
      expect(body).toMatchObject({ from: '2026-11-02', to: TODAY });
      const rows = (await seededRows(c, w.client.id)).filter((r) => r.status !== 'OPTIONAL');
      const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
      const expected = weeks.map((week) => {
        const end = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * DAY).toISOString();
        const judged = end < NOW.toISOString() ? end.slice(0, 10) : TODAY;
        const done = rows.filter((r) => r.status === 'COMPLETED' && r.completed_at !== null);
        return {
          week,
          completions: done.filter((r) => r.completed_at! >= `${week}T00` && r.completed_at! < end).length,
          overdue: rows.filter(
            (r) =>
              r.deadline < judged &&
              (r.status === 'PENDING' ||
                r.status === 'STARTED' ||
                (r.status === 'COMPLETED' && r.completed_at! >= end)),
          ).length,
        };
      });
      expect(body.trend).toEqual(expected);
      // Spelled out: Anna on 10 Nov, Ben on 20 Nov (after the deadline of the 15th), Anna's Datenschutz on 24 Nov.
      expect(body.trend.map((t) => t.completions)).toEqual([0, 1, 1, 1]);
      expect(body.trend.map((t) => t.overdue)).toEqual([0, 3, 2, 2]);
    });

    it('narrows every figure to a group, a company or a training', async () => {
      const c = ctx();
      const w = await world();
      const byGroup = (await w.admin.get('/api/reports/compliance', { group: w.g2.id })).json<TCompliance>();
      expect(byGroup.totals).toEqual(await expectedFigures(c, w.client.id, (r) => r.groups.includes(w.g2.id)));
      const byCompany = (await w.admin.get('/api/reports/compliance', { company: w.nord })).json<TCompliance>();
      expect(byCompany.totals).toEqual(await expectedFigures(c, w.client.id, (r) => r.company_id === w.nord));
      expect(byCompany.companies.map((k) => k.name)).toEqual(['Nord']);
      const both = (
        await w.admin.get('/api/reports/compliance', { company: w.nord, group: w.g1.id })
      ).json<TCompliance>();
      expect(both.totals).toEqual(
        await expectedFigures(c, w.client.id, (r) => r.company_id === w.nord && r.groups.includes(w.g1.id)),
      );
      const byTraining = (await w.admin.get('/api/reports/compliance', { training: w.ta })).json<TCompliance>();
      expect(byTraining.totals).toEqual(await expectedFigures(c, w.client.id, (r) => r.training_id === w.ta));
      expect(byTraining.trainings).toHaveLength(1);
    });

    it("shows a coordinator only their groups' members, and answers 404 for another group", async () => {
      const c = ctx();
      const w = await world();
      const res = await w.coordinator.get('/api/reports/compliance');
      expect(res.statusCode).toBe(200);
      const body = res.json<TCompliance>();
      expect(body.totals).toEqual(await expectedFigures(c, w.client.id, (r) => r.groups.includes(w.g1.id)));
      expect(body.groups.map((g) => g.name)).toEqual(['Lager']);
      expect((await w.coordinator.get('/api/reports/compliance', { group: w.g2.id })).statusCode).toBe(404);
      expect((await w.coordinator.get('/api/reports/attention', { group: w.g2.id })).statusCode).toBe(404);
      const list = (await w.coordinator.get('/api/reports/attention')).json<TAttentionPage>();
      expect(list.items.map((i) => i.name)).toEqual(['Cem Muster']);
      const choices = (await w.coordinator.get('/api/reports/choices')).json<TReportChoices>();
      expect(choices.groups.map((g) => g.name)).toEqual(['Lager']);
      expect(choices.trainings).toHaveLength(2);
      expect(choices.companies.map((k) => k.name)).toEqual(['Nord', 'Süd']);
      const remind = await w.coordinator.post('/api/reports/attention/remind', {
        rows: [{ trainingId: w.tb, userId: w.u5.id }],
      });
      expect(remind.json()).toEqual({ sent: 0, skipped: { not_found: 1 } });
    });

    it('lists the overdue, expiring and expired with days, groups and coordinators, sorted and paged on the server', async () => {
      const w = await world();
      const overdue = (await w.admin.get('/api/reports/attention', { state: 'overdue' })).json<TAttentionPage>();
      expect(overdue).toMatchObject({ total: 2, totalCapped: false, page: 1 });
      expect(overdue.items.map((i) => [i.name, i.trainingTitle, i.days, i.dueOn])).toEqual(
        expect.arrayContaining([
          ['Cem Muster', 'Brandschutz (en)', 10, '2026-11-15'],
          ['Dora Muster', 'Brandschutz (en)', 10, '2026-11-15'],
        ]),
      );
      const cem = overdue.items.find((i) => i.name === 'Cem Muster')!;
      expect(cem.groups.map((g) => g.name)).toEqual(['Büro', 'Lager']);
      expect(cem.coordinators).toHaveLength(1);
      const expiring = (await w.admin.get('/api/reports/attention', { state: 'expiring' })).json<TAttentionPage>();
      expect(expiring.items.map((i) => [i.name, i.days, i.dueOn])).toEqual([
        ['Anna Muster', 15, '2026-12-10'],
        ['Cem Muster', 25, '2026-12-20'],
      ]);
      const expired = (await w.admin.get('/api/reports/attention', { state: 'expired' })).json<TAttentionPage>();
      expect(expired.items.map((i) => [i.name, i.days])).toEqual([['Ben Muster', 24]]);
      const byName = (
        await w.admin.get('/api/reports/attention', { sort: 'name', pageSize: '10' })
      ).json<TAttentionPage>();
      expect(byName.items.map((i) => i.name)).toEqual(['Cem Muster', 'Dora Muster']);
      const page2 = (
        await w.admin.get('/api/reports/attention', { state: 'expiring', pageSize: '10', page: '2' })
      ).json<TAttentionPage>();
      expect(page2).toMatchObject({ items: [], total: 2 });
      const inPeriod = (
        await w.admin.get('/api/reports/attention', { state: 'expiring', from: '2026-12-15', to: '2026-12-31' })
      ).json<TAttentionPage>();
      expect(inPeriod.items.map((i) => i.name)).toEqual(['Cem Muster']);
      const ofCompany = (await w.admin.get('/api/reports/attention', { company: w.nord })).json<TAttentionPage>();
      expect(ofCompany.items.map((i) => i.name)).toEqual(['Dora Muster']);
    });

    it('reminds in bulk within the reminder rules: rows ticked and all matching; the overdue are outside the dates', async () => {
      const { deps } = ctx();
      const w = await world();
      const template = idOf(
        await w.admin.post('/api/mail-template', {
          kind: 'reminder',
          name: 'Erinnerung',
          locales: {
            'en-US': {
              subject: 'Reminder: {{courseTitle}}',
              bodyText: 'Please finish {{courseTitle}}: {{link}}',
              bodyHtml: null,
            },
          },
        }),
      );
      await deps.db
        .updateTable('courses')
        .set({ reminder_mail_template_id: template })
        .where('client_id', '=', w.client.id)
        .execute();
      // Brandschutz's deadline has passed: the reminder rules send none (spec section 4: within the course's dates).
      const overdue = await w.admin.post('/api/reports/attention/remind', { all: true, filters: { state: 'overdue' } });
      expect(overdue.json()).toEqual({ sent: 0, skipped: { reminder_course_outside_dates: 2 } });
      // Datenschutz: Cem (renewal cycle, open) is sent one, Anna has completed.
      const ticked = await w.admin.post('/api/reports/attention/remind', {
        rows: [
          { trainingId: w.tb, userId: w.u3.id },
          { trainingId: w.tb, userId: w.u1.id },
        ],
      });
      expect(ticked.json()).toEqual({ sent: 1, skipped: { reminder_user_completed: 1 } });
      const all = await w.admin.post('/api/reports/attention/remind', { all: true, filters: { state: 'expired' } });
      expect(all.json()).toEqual({ sent: 1, skipped: {} });
      // The throttle holds: Cem again within 60 minutes.
      const again = await w.admin.post('/api/reports/attention/remind', {
        rows: [{ trainingId: w.tb, userId: w.u3.id }],
      });
      expect(again.json()).toEqual({ sent: 0, skipped: { reminder_too_soon: 1 } });
      const sent = await deps.db
        .selectFrom('training_reminders')
        .select('user_id')
        .where('client_id', '=', w.client.id)
        .execute();
      expect(sent.map((s) => s.user_id).sort()).toEqual([w.u2.id, w.u3.id].sort());
    });

    it('lets the reseller roles read, not remind (403), and refuses a participant (403)', async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db, { is_reseller: true });
      for (const role of ['RESELLER', 'RESELLER_COORDINATOR'] as const) {
        const reseller = await signIn(app, await createUser(deps.db, client, { role }));
        expect((await reseller.get('/api/reports/compliance')).statusCode).toBe(200);
        expect((await reseller.get('/api/reports/attention')).statusCode).toBe(200);
        const remind = await reseller.post('/api/reports/attention/remind', {
          all: true,
          filters: { state: 'overdue' },
        });
        expect(remind.statusCode).toBe(403);
        expect(remind.json()).toMatchObject({ error: 'forbidden' });
      }
      const participant = await signIn(app, await createUser(deps.db, client));
      expect((await participant.get('/api/reports/compliance')).statusCode).toBe(403);
    });

    it("lets a reseller read a resold client's reports, and answers 404 for another client's group, company, training or client", async () => {
      const { app, deps } = ctx();
      const w = await world();
      const reseller = await createClient(deps.db, { is_reseller: true });
      await deps.db
        .updateTable('clients')
        .set({ reseller_client_id: reseller.id })
        .where('id', '=', w.client.id)
        .execute();
      const r = await signIn(app, await createUser(deps.db, reseller, { role: 'RESELLER_COORDINATOR' }));
      const resold = (await r.get('/api/reports/compliance', { client: w.client.id })).json<TCompliance>();
      expect(resold.totals).toMatchObject({ assigned: 9, overdue: 2 });
      // The client picker's other calls: that client's choices and list (the web app resets the other filters).
      const choices = (await r.get('/api/reports/choices', { client: w.client.id })).json<TReportChoices>();
      expect(choices.groups.map((g) => g.name)).toEqual(['Büro', 'Lager']);
      expect(choices.companies.map((k) => k.name)).toEqual(['Nord', 'Süd']);
      const list = (await r.get('/api/reports/attention', { client: w.client.id })).json<TAttentionPage>();
      expect(list.items.map((i) => i.name).sort()).toEqual(['Cem Muster', 'Dora Muster']);
      // Read only: neither reseller role reminds the resold client's people, by rows or by filter (403, none sent).
      for (const role of ['RESELLER', 'RESELLER_COORDINATOR'] as const) {
        const reader =
          role === 'RESELLER_COORDINATOR' ? r : await signIn(app, await createUser(deps.db, reseller, { role }));
        for (const body of [
          { all: true, filters: { state: 'overdue', client: w.client.id } },
          { all: true, filters: { state: 'expiring', client: w.client.id, training: w.tb } },
          { rows: [{ trainingId: w.tb, userId: w.u3.id }] },
        ]) {
          const res = await reader.post('/api/reports/attention/remind', body);
          expect(res.statusCode, `${role} ${JSON.stringify(body)}`).toBe(403);
          expect(res.json()).toMatchObject({ error: 'forbidden' });
        }
      }
      const reminded = await deps.db
        .selectFrom('training_reminders')
        .select('user_id')
        .where('client_id', '=', w.client.id)
        .execute();
      expect(reminded).toEqual([]);
      const other = await createClient(deps.db);
      const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
      for (const query of [
        { group: w.g1.id },
        { company: w.nord },
        { training: w.ta },
        { client: w.client.id },
      ] as Record<string, string>[]) {
        for (const path of ['/api/reports/compliance', '/api/reports/attention', '/api/reports/choices']) {
          if (path.endsWith('choices') && !query.client) continue;
          const res = await otherAdmin.get(path, query);
          expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(404);
          expect(res.body).not.toContain('Muster');
        }
      }
      const foreign = await otherAdmin.post('/api/reports/attention/remind', {
        rows: [{ trainingId: w.tb, userId: w.u3.id }],
      });
      expect(foreign.json()).toEqual({ sent: 0, skipped: { not_found: 1 } });
      const foreignAll = await otherAdmin.post('/api/reports/attention/remind', {
        all: true,
        filters: { state: 'expiring', training: w.tb },
      });
      expect(foreignAll.statusCode).toBe(404);
    });

    it('answers 400 validation_failed for a bad period, state, sort, id or selection', async () => {
      const w = await world();
      for (const query of [
        { from: '2026-12-01', to: '2026-11-01' },
        { from: '2020-01-01', to: '2026-11-01' },
        { from: '25.11.2026' },
        { group: 'nope' },
      ] as Record<string, string>[]) {
        const res = await w.admin.get('/api/reports/compliance', query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation_failed' });
      }
      for (const query of [{ state: 'late' }, { sort: 'salary' }, { page: '0' }, { pageSize: '7' }] as Record<
        string,
        string
      >[]) {
        const res = await w.admin.get('/api/reports/attention', query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation_failed' });
      }
      for (const body of [{ rows: [] }, { all: false }, { rows: [{ trainingId: w.ta }] }]) {
        const res = await w.admin.post('/api/reports/attention/remind', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation_failed' });
      }
    });

    it('keeps the summary rows in step with every change: status, membership, company, assignment, deletion', async () => {
      const c = ctx();
      const w = await world();
      expect(await recountReports(c.deps.db, w.client.id)).toEqual({ drift: [] });
      const db = c.deps.db;
      await db.deleteFrom('group_members').where('group_id', '=', w.g1.id).where('user_id', '=', w.u3.id).execute();
      await db.updateTable('users').set({ company_id: w.sued }).where('id', '=', w.u1.id).execute();
      await db.updateTable('users').set({ company_id: null }).where('id', '=', w.u4.id).execute();
      await setStatus(w.ta, w.u4, { status: 'COMPLETED', completed_at: NOW.toISOString() });
      await setStatus(w.tb, w.u5, { is_assigned: false });
      await db
        .insertInto('group_members')
        .values({ group_id: w.g1.id, user_id: w.u5.id, client_id: w.client.id, created_at: NOW.toISOString() })
        .execute();
      expect(await recountReports(db, w.client.id)).toEqual({ drift: [] });
      await db.deleteFrom('users').where('id', '=', w.u2.id).execute();
      await db.deleteFrom('group_members').where('group_id', '=', w.g2.id).execute();
      expect(await recountReports(db, w.client.id)).toEqual({ drift: [] });
      // The overview follows: Ben is gone, Büro too.
      const body = (await w.admin.get('/api/reports/compliance')).json<TCompliance>();
      expect(body.totals).toEqual(await expectedFigures(c, w.client.id, () => true));
      expect(body.groups.map((g) => g.name)).toEqual(['Lager']);
    });
  },
  // Files on local disk, also in the S3 run: an S3 request is signed with the time, and the S3 server refuses one
  // signed on the faked clock (RequestTimeTooSkewed). Storage has its own S3 tests.
  { storage: { kind: 'local' } },
);
