import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  heading,
  openPage,
  screenshot,
  screenshotsAtWidths,
  signIn,
  switchLanguage,
} from './browser';
import { resetLocales } from './database';
import { apiAs, createCourseWithModules, userIdOf } from './training-helpers';
import { useJourney } from './journey';

// Issue 30 point 1 in the browser: two courses valid for 12 months (renewal window 30 days) assigned to Vertrieb;
// the participant completes both. The clock moves on by the participant's dates (the server's clock cannot be
// faked: the rows are written as a year having passed), and the daily job runs as the scheduler would start it.
// One training re-opens as cycle 2 (expiring), the other lapses (expired). The learner sees both on the dashboard,
// the training page with its cycles, downloads the old certificate, completes again and then has two; the
// coordinator filters the status table by validity and opens a participant's cycles. German and English, axe on
// every screen, screenshots at 1280 and 390 px.

const RENEWING = 'Brandschutz 2026';
const LAPSING = 'Erste Hilfe 2026';
const PARTICIPANT = 'participant@demo.example';
const DAY = 86_400_000;

/** Waits until `check` answers true (hooks cannot use expect.poll): what the server's workers do takes a moment. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('validity and recertification: learner and coordinator screens', () => {
  const { server, browser } = useJourney();
  let renewingId = '';
  let lapsingId = '';
  let pdfOfRenewing = '';
  let scormOfRenewing = '';
  let userId = '';

  const certificatesOf = (trainingId: string) =>
    server.db.all<{ id: string }>('SELECT id FROM course_certificates WHERE training_id = ? AND user_id = ?', [
      trainingId,
      userId,
    ]);

  beforeAll(async () => {
    await resetLocales(server.db);
    userId = await userIdOf(server, PARTICIPANT);
    const content = await apiAs(server, 'content@demo.example');
    const admin = await apiAs(server, 'admin@demo.example');
    const participant = await apiAs(server, PARTICIPANT);
    const template = await content.post<{ id: string }>('/certificate-template', {
      name: 'Urkunde',
      locales: {
        'de-DE': { subtitle: 'Teilnahmebescheinigung', body: '{{name}} hat am {{date}} „{{course}}“ abgeschlossen.' },
      },
    });
    const [group] = await server.db.all<{ id: string }>(
      "SELECT g.id FROM groups g JOIN users u ON u.client_id = g.client_id WHERE g.name = 'Vertrieb' AND u.email_normalized = ?",
      [PARTICIPANT],
    );
    const trainings: string[] = [];
    for (const title of [RENEWING, LAPSING]) {
      const { courseId, pdf, scorm } = await createCourseWithModules(server, title);
      await content.post(`/courses/${courseId}`, {
        i18n: { 'de-DE': { title, description: '' }, 'en-US': { title: `${title} (EN)`, description: '' } },
        requiredModuleIds: [pdf.id],
        certificateTemplateId: template.id,
        validity: { months: 12, renewalDays: 30 },
      });
      const training = await admin.post<{ id: string }>('/course-training', { courseId, groupIds: [group!.id] });
      await participant.post(`/course-training-user-value/${training.id}/${pdf.id}`, {});
      trainings.push(training.id);
      if (title === RENEWING) {
        pdfOfRenewing = pdf.id;
        scormOfRenewing = scorm.id;
      }
    }
    [renewingId, lapsingId] = trainings as [string, string];
    // The server's workers make the certificates.
    await until('the first certificates', async () =>
      (await Promise.all([certificatesOf(renewingId), certificatesOf(lapsingId)])).every((c) => c.length === 1),
    );

    // A year passes: one completion is inside its renewal window, the other ended 5 days ago.
    const now = Date.now();
    const at = (days: number) => new Date(now + days * DAY).toISOString();
    for (const [id, completed, until] of [
      [renewingId, -340, 25],
      [lapsingId, -370, -5],
    ] as const) {
      await server.db.run(
        'UPDATE training_participants SET started_at = ?, completed_at = ?, valid_until = ?, renewal_opens_at = ? WHERE training_id = ? AND user_id = ?',
        [at(completed), at(completed), at(until), at(until - 30), id, userId],
      );
      await server.db.run(
        'UPDATE course_certificates SET issued_at = ?, valid_until = ? WHERE training_id = ? AND user_id = ?',
        [at(completed), at(until), id, userId],
      );
    }
    // The daily job, as the scheduler enqueues it (platform/scheduler.ts).
    const due = new Date(now).toISOString();
    const payload = {
      schedule: 'trainings.recertification',
      dueAt: due,
      lastDueAt: due,
      dueCount: 1,
      skipped: 0,
      data: null,
    };
    await server.db.run(
      `INSERT INTO jobs (id, client_id, kind, status, payload, attempts, max_attempts, run_at, created_at, updated_at)
       VALUES (?, NULL, 'trainings.recertification', 'queued', ?, 0, 3, ?, ?, ?)`,
      [randomUUID(), JSON.stringify(payload), due, due, due],
    );
    const statusOf = async (id: string) =>
      (
        await server.db.all<{ status: string; cycle: number }>(
          'SELECT status, cycle FROM training_participants WHERE training_id = ? AND user_id = ?',
          [id, userId],
        )
      )[0];
    await until('the daily job', async () => (await statusOf(lapsingId))?.status === 'EXPIRED');
    expect(await statusOf(lapsingId)).toEqual({ status: 'EXPIRED', cycle: 2 });
    expect(await statusOf(renewingId)).toEqual({ status: 'PENDING', cycle: 2 });
  });

  const card = (page: Page, title: string) => page.getByRole('article', { name: title });

  it('shows the learner an expiring and an expired training, the cycles with the old certificate, and two after renewing', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, PARTICIPANT);
    await expect.poll(() => card(page, RENEWING).textContent()).toContain('Auffrischen bis');
    expect(await card(page, RENEWING).textContent()).toContain('Läuft ab');
    expect(await card(page, LAPSING).textContent()).toContain('Abgelaufen am');
    await expectAccessible(page, 'dashboard with validity');
    await screenshotsAtWidths(page, 'recert-dashboard-de');

    await page.goto(server.url(`/training/${renewingId}`));
    await expect.poll(() => heading(page).textContent()).toBe(RENEWING);
    const cycles = page.getByRole('list').filter({ hasText: 'Durchgang 1' });
    await expect.poll(() => cycles.textContent()).toContain('Durchgang 2');
    expect(await cycles.textContent()).toContain('Aktuell');
    // Module locking applies again in the new cycle.
    await expect
      .poll(() => page.locator(`li[data-module-id="${scormOfRenewing}"]`).textContent())
      .toContain('Gesperrt');
    await expectAccessible(page, 'training page in a renewal cycle');
    await screenshotsAtWidths(page, 'recert-training-renewing-de');
    const oldCertificate = page.getByRole('button', { name: 'Zertifikat von Durchgang 1 herunterladen' });
    const [first] = await Promise.all([page.waitForEvent('download'), oldCertificate.click()]);
    expect(first.suggestedFilename()).toMatch(/\.pdf$/);

    // Completing the cycle again: the PDF module is opened, the new certificate is made.
    await page.goto(server.url(`/training/${renewingId}/module/${pdfOfRenewing}`));
    await page.locator('[data-testid="module-player"]').waitFor();
    await expect.poll(async () => (await certificatesOf(renewingId)).length, { timeout: 30_000 }).toBe(2);
    await page.goto(server.url(`/training/${renewingId}`));
    // Both cycles' certificates in the history; the current one also under the completed training's documents.
    await expect
      .poll(() => page.getByRole('button', { name: /^Zertifikat von Durchgang \d+ herunterladen$/ }).count())
      .toBe(2);
    expect(await page.getByRole('region', { name: 'Unterlagen' }).getByRole('button').count()).toBeGreaterThan(0);
    expect(await page.getByRole('main').textContent()).toContain('Gültig bis');
    await expectAccessible(page, 'training page after renewal');
    await screenshotsAtWidths(page, 'recert-training-renewed-de');
    const newCertificate = page.getByRole('button', { name: 'Zertifikat von Durchgang 2 herunterladen' });
    const [second] = await Promise.all([page.waitForEvent('download'), newCertificate.click()]);
    expect(second.suggestedFilename()).toMatch(/\.pdf$/);

    await page.goto(server.url('/documents/certificates'));
    await expect.poll(() => heading(page).textContent()).toBe('Meine Zertifikate');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Abgelaufen am');
    await expectAccessible(page, 'my certificates with validity');
    await screenshotsAtWidths(page, 'recert-certificates-de');

    await switchLanguage(page, 'en-US');
    await page.goto(server.url('/'));
    await expect.poll(() => card(page, `${LAPSING} (EN)`).textContent()).toContain('Expired on');
    await expectAccessible(page, 'dashboard with validity (English)');
    await screenshotsAtWidths(page, 'recert-dashboard-en');
    await page.goto(server.url(`/training/${renewingId}`));
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Cycle 1');
    await expectAccessible(page, 'training page with cycles (English)');
    await screenshotsAtWidths(page, 'recert-training-en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await context.close();
  });

  it('lets the coordinator filter the status table by validity and open a participant’s cycles', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url(`/coordination/trainings/${lapsingId}`));
    await expect.poll(() => heading(page).textContent()).toContain(LAPSING);
    await page.getByRole('combobox', { name: 'Gültigkeit' }).selectOption('expired');
    const table = page.getByRole('table', { name: 'Teilnehmende', exact: true }).first();
    await expect.poll(() => table.textContent()).toContain('Paula Participant');
    expect(await table.textContent()).toContain('Abgelaufen am');
    await page.getByRole('combobox', { name: 'Gültigkeit' }).selectOption('valid');
    await expect.poll(() => page.getByRole('main').textContent()).not.toContain('Paula Participant');
    await page.getByRole('combobox', { name: 'Gültigkeit' }).selectOption('expired');
    await expect.poll(() => table.textContent()).toContain('Paula Participant');
    await expectAccessible(page, 'status table filtered to expired');
    await screenshotsAtWidths(page, 'recert-status-expired-de');

    await page.getByRole('button', { name: 'Durchgänge von Paula Participant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Durchgänge von Paula Participant' });
    await expect.poll(() => dialog.textContent()).toContain('Durchgang 1');
    expect(await dialog.textContent()).toContain('Zertifikat');
    await expectAccessible(page, 'cycles dialog');
    await screenshot(page, 'recert-cycles-dialog-de-1280');
    await dialog.getByRole('button', { name: 'Schließen' }).click();

    await page.goto(server.url('/documents/all'));
    await expect.poll(() => heading(page).textContent()).toBe('Alle Zertifikate');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Abgelaufen am');
    await expectAccessible(page, 'all certificates with validity');
    await screenshotsAtWidths(page, 'recert-all-documents-de');

    await switchLanguage(page, 'en-US');
    await page.goto(server.url(`/coordination/trainings/${renewingId}`));
    await page.getByRole('combobox', { name: 'Validity' }).selectOption('valid');
    await expect
      .poll(() => page.getByRole('table', { name: 'Participants', exact: true }).first().textContent())
      .toContain('Valid until');
    await expectAccessible(page, 'status table filtered to valid (English)');
    await screenshotsAtWidths(page, 'recert-status-valid-en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await context.close();
  });
});
