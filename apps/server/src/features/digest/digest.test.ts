import { afterEach, expect, it, vi } from 'vitest';
import { createClient, createUser, signIn, type TestUser } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect } from '../../../test/test-app';
import { runDueSchedules } from '../../platform/scheduler';
import { createCourse, type Session } from '../trainings/test-trainings';
import { createDigestHandler, digestSchedule } from './digest.job';
import { runDigests } from './digest.service';
import { countIndependently, digestLines } from './test-digest';

// Issue 31 point 4 on a fake clock (only Date is faked): the coordinators' weekly digest counts each of their
// groups' newly overdue, expiring and completed participants, links each figure to the report with the same
// filters, goes out once per coordinator and ISO week on the client's weekday, says so when a section is empty,
// sends nothing when all three are, and not to whoever switched it off on their account page.

const at = (iso: string) => vi.setSystemTime(new Date(iso));
afterEach(() => {
  vi.useRealTimers();
});

describeEachDialect(
  'weekly digest',
  (ctx) => {
    const digestMails = async (clientId: string) =>
      (
        await ctx()
          .deps.db.selectFrom('mail_queue')
          .select(['to_address', 'subject', 'body_text'])
          .where('client_id', '=', clientId)
          .where('template_kind', '=', 'digest')
          .orderBy('to_address')
          .execute()
      ).map((r) => r.to_address);

    it('counts each group, links each figure, once per week on the client day, empty sections said, off means off', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { app, deps } = ctx();
      at('2026-04-01T09:00:00.000Z');
      const client = await createClient(deps.db);
      const adminUser = await createUser(deps.db, client, { role: 'ADMIN', locale: 'en-US' });
      // Signed in anew after each jump of the clock (a session from a year ago has expired).
      const admin = () => signIn(app, adminUser);
      const members: TestUser[] = [];
      for (let i = 0; i < 6; i++) members.push(await createUser(deps.db, client, { locale: 'en-US' }));
      const [m1, m2, m3, m4, m5, m6] = members as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
      const coordinator = (locale: string) => createUser(deps.db, client, { role: 'COORDINATOR', locale });
      const c1 = await coordinator('en-US');
      const c2 = await coordinator('de-DE');
      const c3 = await coordinator('fr-FR');
      const c4 = await coordinator('en-US');
      const c5 = await coordinator('en-US');
      const lager = await createGroup(deps.db, client, {
        name: 'Lager',
        members: [m1, m2, m3, m4],
        coordinators: [c1, c3, c5],
      });
      const versand = await createGroup(deps.db, client, {
        name: 'Versand',
        members: [m5, m6],
        coordinators: [c2, c3],
      });
      await createGroup(deps.db, client, { name: 'Leer', coordinators: [c4] });
      // Another client's coordinator and group: never in this client's digests.
      const other = await createClient(deps.db);
      const otherCoordinator = await createUser(deps.db, other, { role: 'COORDINATOR' });
      await createGroup(deps.db, other, { name: 'Fremd', coordinators: [otherCoordinator] });

      const training = async (title: string, body: Record<string, unknown>) => {
        const session = await admin();
        const course = await createCourse(session, { title, modules: 1, required: [0] });
        const res = await session.post('/api/course-training', { courseId: course.courseId, ...body });
        expect(res.statusCode, res.body).toBe(200);
        return { id: res.json<{ id: string }>().id, moduleId: course.moduleIds[0] as string };
      };
      const complete = async (who: TestUser, t: { id: string; moduleId: string }) => {
        const s = await signIn(app, who);
        const r = await s.post(`/api/course-training-user-value/${t.id}/${t.moduleId}`, {});
        expect(r.json()).toMatchObject({ trainingStatus: 'COMPLETED' });
      };
      // A training with a validity of 12 months: m2 completes it now, so it expires on 2027-04-01.
      const valid = await training('Gabelstapler', { groupIds: [lager.id], validity: { months: 12, renewalDays: 30 } });
      await complete(m2, valid);
      at('2027-01-05T09:00:00.000Z');
      // Overdue long before the first digest's period (deadline 2027-02-10): not "newly" overdue.
      await training('Brandschutz', { groupIds: [lager.id], deadline: '2027-02-10' });
      // Overdue on 2027-03-06 (deadline 2027-03-05): newly overdue in the digest of Monday 2027-03-08.
      const due = await training('Erste Hilfe', { groupIds: [lager.id, versand.id], deadline: '2027-03-05' });
      at('2027-03-03T10:00:00.000Z');
      await complete(m1, due);
      // c5 switches the digest off on the account page.
      const c5Session = await signIn(app, c5);
      expect((await c5Session.get('/api/user/profile')).json()).toMatchObject({
        digest: { offered: true, enabled: true },
      });
      expect((await c5Session.post('/api/user', { digestEnabled: false })).statusCode).toBe(200);
      expect((await c5Session.get('/api/user/profile')).json()).toMatchObject({
        digest: { offered: true, enabled: false },
      });
      expect((await (await signIn(app, m3)).get('/api/user/profile')).json()).toMatchObject({
        digest: { offered: false, enabled: true },
      });

      // Sunday: the scheduler makes its row; Monday 06:45 (the default day): its job, and two more runs at once,
      // as two processes would: each coordinator's digest once.
      const scheduled = new TestClock(new Date('2027-03-07T12:00:00.000Z'));
      at('2027-03-07T12:00:00.000Z');
      expect(await runDueSchedules(deps, [digestSchedule], { now: scheduled.now })).toEqual([]);
      at('2027-03-08T06:45:00.000Z');
      scheduled.set(new Date('2027-03-08T06:45:00.000Z'));
      expect(await runDueSchedules(deps, [digestSchedule], { now: scheduled.now })).toHaveLength(1);
      const [first, second] = await Promise.all([
        runDigests(deps, new Date()),
        runDigests(deps, new Date()),
        drainJobs(deps, [createDigestHandler()], scheduled),
      ]);
      expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBeLessThanOrEqual(3);
      expect((await digestMails(client.id)).sort()).toEqual([c1.email, c2.email, c3.email].sort());
      expect(await digestMails(other.id)).toEqual([]);
      // c4's week had nothing to say: recorded, not sent.
      const rows = await deps.db
        .selectFrom('coordinator_digests')
        .select(['user_id', 'iso_week', 'is_sent', 'period_end'])
        .where('client_id', '=', client.id)
        .execute();
      expect(rows).toHaveLength(4);
      expect(rows.find((r) => r.user_id === c4.id)).toMatchObject({ iso_week: '2027-W10', is_sent: false });
      expect(rows.find((r) => r.user_id === c5.id)).toBeUndefined();

      // The mails at the SMTP server: each names its coordinator's groups only, with the figures counted again here
      // and links that carry the group and the state or period the section counted.
      const now = new Date();
      const expected = {
        [lager.id]: await countIndependently(deps.db, client.id, lager.id, now, '2027-03-01'),
        [versand.id]: await countIndependently(deps.db, client.id, versand.id, now, '2027-03-01'),
      };
      expect(expected[lager.id]).toEqual({ overdue: 3, expiring: 1, completed: 1 });
      expect(expected[versand.id]).toEqual({ overdue: 2, expiring: 0, completed: 0 });
      const groupIdOf = new Map([
        ['Lager', lager.id],
        ['Versand', versand.id],
      ]);
      const smtp = await startTestSmtp();
      try {
        await drainJobs(workerDeps(deps, { smtpUrl: smtp.url }), [mailHandler()], new TestClock());
        const mails = await smtp.waitForMessages(3);
        const mailTo = (u: TestUser) => mails.find((m) => m.to && JSON.stringify(m.to).includes(u.email));
        const groupsOf = new Map([
          [c1, ['Lager']],
          [c2, ['Versand']],
          [c3, ['Lager', 'Versand']],
        ]);
        for (const [who, groups] of groupsOf) {
          const mail = mailTo(who);
          expect(mail, who.email).toBeDefined();
          const lines = digestLines(mail!);
          expect([...new Set(lines.map((l) => l.groupName))].sort()).toEqual(groups);
          for (const line of lines) {
            const groupId = groupIdOf.get(line.groupName) as string;
            expect(line.count, `${line.section} ${line.groupName}`).toBe(expected[groupId]?.[line.section]);
            expect(line.url.host).toBe(client.host);
            expect(line.url.searchParams.get('group')).toBe(groupId);
            if (line.section === 'completed') {
              expect(line.url.pathname).toBe('/reports');
              expect(Object.fromEntries(line.url.searchParams)).toEqual({
                from: '2027-03-01',
                to: '2027-03-07',
                group: groupId,
              });
            } else {
              expect(line.url.pathname).toBe('/reports/attention');
              expect(Object.fromEntries(line.url.searchParams)).toEqual({ state: line.section, group: groupId });
            }
          }
          // Every figure that is not zero has its line.
          for (const name of groups)
            for (const section of ['overdue', 'expiring', 'completed'] as const) {
              const n = expected[groupIdOf.get(name) as string]?.[section] ?? 0;
              expect(lines.some((l) => l.section === section && l.groupName === name)).toBe(n > 0);
            }
          // The HTML part links the same reports.
          for (const line of lines)
            expect(mail!.html).toContain(`href="${line.url.toString().replace(/&/g, '&amp;')}"`);
        }
        const german = mailTo(c2)!;
        expect(german.subject).toBe('Ihre Wochenübersicht: 1. März 2027 – 7. März 2027');
        expect(german.text).toContain('Keine Zertifizierung läuft in den nächsten 30 Tagen ab.');
        expect(german.text).toContain('In dieser Woche hat niemand eine Schulung abgeschlossen.');
        expect(mailTo(c3)!.subject).toContain('Votre récapitulatif hebdomadaire');
        expect(mailTo(c1)!.text).toContain('Newly overdue since the last digest');
      } finally {
        await smtp.stop();
      }

      // Tuesday: this week's digests are done.
      at('2027-03-09T06:45:00.000Z');
      expect(await runDigests(deps, new Date())).toEqual({ sent: 0, empty: 0 });

      // The ADMIN moves the digest to Wednesday; c5 switches it on again. Monday sends nothing, Wednesday does:
      // nothing newly overdue since last week's digest, the validity still expiring, nothing completed.
      const settings = `/api/client/${client.id}/settings`;
      const saved = await (
        await admin()
      ).inject({
        method: 'PUT',
        url: settings,
        payload: { items: [{ key: 'digest', subkey: 'weekday', value: 3 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      at('2027-03-14T12:00:00.000Z');
      expect((await (await signIn(app, c5)).post('/api/user', { digestEnabled: true })).statusCode).toBe(200);
      at('2027-03-15T06:45:00.000Z');
      // Only the other client's coordinator (still on Monday, an empty group) is due: recorded, not sent.
      expect(await runDigests(deps, new Date())).toEqual({ sent: 0, empty: 1 });
      expect(await digestMails(client.id)).toHaveLength(3);
      at('2027-03-17T06:45:00.000Z');
      expect(await runDigests(deps, new Date())).toEqual({ sent: 3, empty: 2 });
      const week12 = await deps.db
        .selectFrom('mail_queue')
        .select(['to_address', 'body_text'])
        .where('client_id', '=', client.id)
        .where('template_kind', '=', 'digest')
        .where('created_at', '>=', '2027-03-17T00:00:00.000Z')
        .execute();
      expect(week12.map((m) => m.to_address).sort()).toEqual([c1.email, c3.email, c5.email].sort());
      const c1Text = week12.find((m) => m.to_address === c1.email)?.body_text ?? '';
      expect(c1Text).toContain('No training became overdue.');
      expect(c1Text).toContain('Nobody completed a training this week.');
      expect(c1Text).toContain(
        `- Lager: 1\n  https://${client.host}/reports/attention?state=expiring&group=${lager.id}`,
      );
    });

    it("the client's digest day: the ADMIN sets it (1 to 7), a bad value is 400, a coordinator 403, another client 404", async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
      const coordinator = await signIn(app, await createUser(deps.db, client, { role: 'COORDINATOR' }));
      const other = await createClient(deps.db);
      const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
      const url = `/api/client/${client.id}/settings`;
      const put = (who: Session, value: unknown) =>
        who.inject({ method: 'PUT', url, payload: { items: [{ key: 'digest', subkey: 'weekday', value }] } });
      const day = async () =>
        (await admin.get(url))
          .json<{ items: Array<{ name: string; value: unknown; default: unknown }> }>()
          .items.find((i) => i.name === 'digestWeekday');
      expect(await day()).toMatchObject({ value: 1, default: 1 });
      const saved = await put(admin, 5);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await day()).toMatchObject({ value: 5 });
      for (const value of [0, 8, 2.5, '3', null]) {
        const res = await put(admin, value);
        expect(res.statusCode, JSON.stringify(value)).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation_failed', details: { field: 'items.0.value' } });
      }
      expect((await put(coordinator, 3)).statusCode).toBe(403);
      const foreign = await put(otherAdmin, 3);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain(client.name);
      expect((await otherAdmin.get(url)).statusCode).toBe(404);
      expect(await day()).toMatchObject({ value: 5 });
    });
  },
  // Local files also in the S3 run: S3 refuses requests signed on a clock faked a year ahead (as recertification).
  { storage: { kind: 'local' } },
);
