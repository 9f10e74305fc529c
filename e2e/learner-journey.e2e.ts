import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../apps/server/src/features/certificates/test-certificates';
import { startTestSmtp, type TestSmtp } from '../apps/server/test/smtp-test-server';
import { expectAccessible, heading, openPage, screenshot, screenshotsAtWidths, settle, signIn } from './browser';
import {
  createCourseInScreens,
  golfZip,
  scoFrame,
  scoGet,
  scoNext,
  uploadModuleInScreens,
  watchPlayer,
} from './content-helpers';
import { resetLocales } from './database';
import { apiAs, fillTrainingDrawer, onePagePdf, userIdOf } from './training-helpers';
import { useJourney } from './journey';

// Issue "Trainings and the learner journey", the first acceptance point as one journey in German: an admin builds a
// course (a PDF, then the golf SCORM 1.2 package, a certificate template, invitations on) in the content screens and
// assigns it to the group Vertrieb with a deadline; its participant gets the invitation at a real SMTP server, takes
// the PDF and the SCORM module (locked until the PDF is done) and downloads a certificate with their accented name;
// the group's coordinator sees the completion in the status table and the charts.

const COURSE = 'Sicher unterwegs 2026';
const PDF_MODULE = 'Grundlagen lesen';
const SCORM_MODULE = 'Golf-Quiz';
const TEMPLATE = 'Teilnahme-Urkunde';
const COURSE_FILE = 'Merkblatt unterwegs.pdf';
const DEADLINE = '2027-06-30';
const PARTICIPANT = 'participant@demo.example';
const NAME = { firstName: 'Łukasz', lastName: 'Ñúñez-Çelik' };
const FULL_NAME = `${NAME.firstName} ${NAME.lastName}`;
/** The module page's player frame is the content origin's page, with the package author's pages inside. */
const PLAYER = { exclude: ['[data-testid="module-player"]'] };
/** The golf package's last page (the assessment) is its 15th: 14 steps on from the first. */
const GOLF_PAGES = 15;

/** The app's module card on /training/{id}. */
const moduleItem = (page: Page, moduleId: string) => page.locator(`li[data-module-id="${moduleId}"]`);

async function shootBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-de`);
  await page.setViewportSize({ width: 390, height: 844 });
  // The side menu slides away below the breakpoint: shoot once it has.
  await settle(page);
  await screenshot(page, `${name}-de-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the learner journey in German: course, assignment, invitation, modules, certificate, coordination', () => {
  const { server, browser } = useJourney({ env: { SMTP_ALLOW_PRIVATE: '1' } });
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    await resetLocales(server.db);
    const admin = await apiAs(server, 'admin@demo.example');
    // The Demo client's own SMTP points at the test server (its screen is another issue's; the call is the same).
    const [demo] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE platform_domain = 'localhost'");
    await admin.post(`/client-smtp/${demo!.id}`, {
      fromAddress: 'schulung@demo.example',
      fromName: 'Demo Schulungen',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
    });
    await admin.post(`/client-smtp/${demo!.id}/test`, {});
    // The participant's name with letters a certificate font must have (issue point 7).
    await admin.post(`/users/${await userIdOf(server, PARTICIPANT)}`, NAME);
    // The template's own screen is e2e/certificate-templates.e2e.ts's journey; here it is arranged by its call.
    await (
      await apiAs(server, 'content@demo.example')
    ).post('/certificate-template', {
      name: TEMPLATE,
      locales: {
        'de-DE': {
          subtitle: 'Teilnahmebescheinigung',
          body: '{{name}} hat am {{date}} die Schulung „{{course}}“ abgeschlossen.',
        },
      },
    });
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('from a new course to the downloaded certificate and the coordinator’s completed status', async () => {
    // 1. The admin builds the course in the content screens: a PDF module first, the golf package second.
    const admin = await openPage(browser);
    await signIn(admin.page, server, 'admin@demo.example');
    const courseId = await createCourseInScreens(admin.page, server, {
      title: COURSE,
      description: 'Verhalten unterwegs, Schritt für Schritt.',
      certificateTemplate: TEMPLATE,
      reminderTemplate: 'Erinnerung an die Schulung (Standard)',
      invitation: true,
    });
    await expect.poll(() => heading(admin.page).textContent()).toBe(COURSE);
    await expectAccessible(admin.page, 'course settings');
    await screenshot(admin.page, 'journey-course-de');
    const pdf = { name: 'grundlagen.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Grundlagen') };
    // The PDF takes 30 minutes; the next upload's form starts again at the default (issue 32).
    await uploadModuleInScreens(admin.page, server, courseId, pdf, PDF_MODULE, 30);
    await uploadModuleInScreens(admin.page, server, courseId, await golfZip('RuntimeBasicCalls_SCORM12'), SCORM_MODULE);
    await expectAccessible(admin.page, 'course modules');
    await screenshot(admin.page, 'journey-modules-de');
    const modules = await server.db.all<{ id: string; kind: string; duration_minutes: number }>(
      'SELECT id, kind, duration_minutes FROM modules WHERE course_id = ? ORDER BY position',
      [courseId],
    );
    const [pdfId, scormId] = [modules[0]?.id ?? '', modules[1]?.id ?? ''];
    expect(modules.map((m) => [m.kind, m.duration_minutes])).toEqual([
      ['pdf', 30],
      ['scorm', 45],
    ]);
    // A course file (its screen is e2e/documents.e2e.ts's): the completed training page offers it (issue 32).
    const form = new FormData();
    form.append('data', JSON.stringify({ locale: 'de-DE', fileName: COURSE_FILE }));
    form.append('pdf', new Blob([new Uint8Array(onePagePdf('Merkblatt'))], { type: 'application/pdf' }), 'm.pdf');
    await (await apiAs(server, 'content@demo.example')).post(`/courses/${courseId}/files`, form);

    // 2. The admin assigns it to the group Vertrieb with a deadline.
    await admin.page.goto(server.url('/coordination/trainings'));
    await admin.page.getByRole('button', { name: 'Neue Schulung' }).click();
    const drawer = admin.page.getByRole('dialog', { name: 'Neue Schulung' });
    await fillTrainingDrawer(admin.page, drawer, { course: COURSE, group: 'Vertrieb', deadline: DEADLINE });
    await expectAccessible(admin.page, 'training drawer');
    await drawer.getByRole('button', { name: 'Schulung anlegen' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect
      .poll(() => admin.page.getByRole('row').filter({ hasText: COURSE }).textContent())
      .toContain('Vertrieb');
    await expectAccessible(admin.page, 'training list');
    await screenshot(admin.page, 'journey-trainings-de');
    await admin.context.close();
    const [training] = await server.db.all<{ id: string }>('SELECT id FROM trainings WHERE course_id = ?', [courseId]);
    const trainingId = training?.id ?? '';
    const trainingUrl = server.url(`/training/${trainingId}`);

    // 3. The invitation arrives at the test SMTP server, names the course and links to the training.
    await smtp.waitForMessages(1, 30_000);
    const invitations = smtp.messages.filter((m) => m.subject?.includes('Einladung'));
    expect(invitations.map((m) => (m.to && 'value' in m.to ? m.to.value[0]?.address : ''))).toEqual([PARTICIPANT]);
    const invitation = invitations[0]!;
    expect(invitation.subject).toBe(`Einladung zur Schulung „${COURSE}“`);
    expect(invitation.text).toContain(`Hallo ${FULL_NAME},`);
    expect(invitation.text).toContain(`Sie sind zur Schulung „${COURSE}“ eingeladen.`);
    expect(invitation.text).toContain('bis zum 30. Juni 2027 ab');
    expect(invitation.text).toContain(trainingUrl);

    // The participant follows the link, signs in and lands on the training; the dashboard shows it as PENDING.
    const { context, page } = await openPage(browser);
    const watch = watchPlayer(page, `http://127.0.0.1:${server.contentPort}`);
    await page.goto(trainingUrl);
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, server, PARTICIPANT);
    await page.goto(server.url('/'));
    await expect.poll(() => heading(page).textContent()).toBe(`Willkommen, ${FULL_NAME}`);
    const card = page.getByRole('article', { name: COURSE });
    await expect.poll(() => card.textContent()).toContain('Nicht begonnen');
    expect(await card.textContent()).toContain('Frist: 30.06.2027');
    expect(await card.textContent()).toContain('0 von 2 Pflichtmodulen abgeschlossen');
    await expectAccessible(page, 'dashboard, training pending');
    await shootBoth(page, 'journey-dashboard-pending');

    // 4. The SCORM module is locked until the PDF is completed.
    await card.getByRole('link', { name: COURSE, exact: true }).click();
    await page.waitForURL(trainingUrl);
    await expect
      .poll(() => moduleItem(page, scormId).textContent())
      .toContain(`Gesperrt: öffnet sich, sobald „${PDF_MODULE}“ abgeschlossen ist.`);
    expect(await moduleItem(page, scormId).getByRole('link').count()).toBe(0);
    // Issue 32 point 7: its badge says locked, not "Offen" beside "Gesperrt".
    expect(await moduleItem(page, scormId).textContent()).not.toContain('Offen');
    await expectAccessible(page, 'training page, second module locked');
    await shootBoth(page, 'journey-training-locked');

    // 5. Opening the PDF completes its module.
    await moduleItem(page, pdfId)
      .getByRole('link', { name: `Öffnen: ${PDF_MODULE}` })
      .click();
    await page.waitForURL(server.url(`/training/${trainingId}/module/${pdfId}`));
    await page.locator('[data-testid="module-player"]').waitFor();
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Abgeschlossen');
    await expectAccessible(page, 'PDF module', PLAYER);
    await screenshot(page, 'journey-module-pdf-de');

    // 6. The SCORM module, now open, is played to its last page in the player on the content origin.
    await page.getByRole('link', { name: `Weiter mit „${SCORM_MODULE}“` }).click();
    await page.waitForURL(server.url(`/training/${trainingId}/module/${scormId}`));
    const sco = await scoFrame(page);
    expect(new URL(sco.url()).origin).toBe(`http://127.0.0.1:${server.contentPort}`);
    // Issue 32 "finishing": the page follows the runtime. Without a reload, the module shows as completed with the
    // training's end and the way to the certificate, within a second of the package's last commit.
    const commitsAt: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/commit') && r.status() === 200) commitsAt.push(Date.now());
    });
    for (let step = 1; step < GOLF_PAGES; step++) await scoNext(sco);
    expect(await scoGet(sco, 'cmi.core.lesson_status')).toBe('completed');
    // Issue 31 point 1: the package's assessment records its score as golf's page does on submit (85 %: passed,
    // golf's bar is 70 %).
    await sco.evaluate(() => (window as unknown as { RecordTest: (score: number) => void }).RecordTest(85));
    expect(await scoGet(sco, 'cmi.core.lesson_status')).toBe('passed');
    const finished = page.getByRole('status').filter({ hasText: 'Modul abgeschlossen' });
    await finished.waitFor({ timeout: 20_000 });
    const shownAt = Date.now();
    const lastCommit = Math.max(...commitsAt.filter((t) => t <= shownAt));
    expect(shownAt - lastCommit).toBeLessThan(1_000);
    expect(await finished.textContent()).toContain(`Damit haben Sie die Schulung „${COURSE}“ abgeschlossen.`);
    expect(await finished.getByRole('link', { name: 'Zu meinen Zertifikaten' }).count()).toBe(1);
    expect(await page.getByRole('main').getByText('Abgeschlossen', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'SCORM module', PLAYER);
    await screenshot(page, 'journey-module-scorm-de');
    // Leaving ends the SCO's session (it finishes on unload); coming back shows the training completed.
    await page.getByRole('link', { name: `← Zurück zu „${COURSE}“` }).click();
    await page.waitForURL(trainingUrl);
    await page.goto(server.url('/'));
    await page.goto(trainingUrl);
    const main = page.getByRole('main');
    await expect.poll(() => moduleItem(page, scormId).textContent(), { timeout: 15_000 }).toContain('Abgeschlossen');
    await expect.poll(() => main.textContent()).toContain('2 von 2 Pflichtmodulen abgeschlossen');
    expect(await main.getByText('Abgeschlossen', { exact: true }).count()).toBe(3);
    // The module shows the score and passed once the package reported them; the PDF module has no result.
    await expect.poll(() => moduleItem(page, scormId).textContent()).toMatch(/85\s%.*Bestanden/);
    expect(await moduleItem(page, pdfId).textContent()).not.toContain('Bestanden');
    await expectAccessible(page, 'training page, completed');
    await shootBoth(page, 'journey-training-completed');
    await page.getByRole('link', { name: '← Meine Schulungen' }).click();
    await expect.poll(() => card.textContent()).toContain('Abgeschlossen');
    expect(await card.textContent()).toContain('2 von 2 Pflichtmodulen abgeschlossen');
    await expectAccessible(page, 'dashboard, training completed');
    await shootBoth(page, 'journey-dashboard-completed');

    // 7. The certificate is listed and downloads; its text has the accented name and the course.
    await page.goto(server.url('/documents/certificates'));
    await expect.poll(() => heading(page).textContent()).toBe('Meine Zertifikate');
    const button = page.getByRole('button', { name: /herunterladen$/ }).first();
    await button.waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'my certificates');
    await screenshot(page, 'journey-certificates-de');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`Zertifikat – ${COURSE} – ${FULL_NAME}.pdf`);
    const text = await pdfText(readFileSync(await download.path()));
    expect(text).toContain('Teilnahmebescheinigung');
    expect(text).toContain(`${FULL_NAME} hat am`);
    expect(text).toContain(`die Schulung „${COURSE}“ abgeschlossen.`);

    // Issue 32: the completed training's own page offers the certificate and the course's file, with the same
    // downloads.
    await page.goto(trainingUrl);
    const documents = page.getByRole('region', { name: 'Unterlagen' });
    await documents.getByRole('button', { name: `${download.suggestedFilename()} herunterladen` }).waitFor();
    expect(await documents.textContent()).toContain('Ihr Zertifikat');
    const fileButton = documents.getByRole('button', { name: `${COURSE_FILE} herunterladen` });
    const [file] = await Promise.all([page.waitForEvent('download'), fileButton.click()]);
    expect(file.suggestedFilename()).toBe(COURSE_FILE);
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('button', { name: `${download.suggestedFilename()} herunterladen` }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
    await expectAccessible(page, 'training page, completed, with its documents');
    await shootBoth(page, 'journey-training-documents');
    // The learner's training page in English (issue 31's screens; the participant's locale changes last).
    await page.goto(trainingUrl);
    await page.locator('header select').first().selectOption('en-US');
    await expect.poll(() => moduleItem(page, scormId).textContent()).toMatch(/85%.*Passed/);
    await screenshotsAtWidths(page, 'journey-training-results-en');
    watch.expectClean();
    await context.close();

    // 8. The coordinator of Vertrieb sees the participant completed in the status table and the charts.
    const coordinator = await openPage(browser);
    const cp = coordinator.page;
    await signIn(cp, server, 'coordinator@demo.example');
    await cp.goto(server.url('/coordination/trainings'));
    await cp.getByRole('row').filter({ hasText: COURSE }).getByRole('link', { name: COURSE }).click();
    await cp.waitForURL(server.url(`/coordination/trainings/${trainingId}`));
    await expect.poll(() => heading(cp).textContent()).toBe(COURSE);
    const row = cp.locator('table:not([data-chart]) > tbody > tr').filter({ hasText: FULL_NAME });
    await expect.poll(() => row.textContent()).toContain('Abgeschlossen');
    expect(await row.textContent()).toContain('2 von 2');
    // Issue 31 point 1: the result column has the score and passed; its details name each module's with the time.
    expect(await row.textContent()).toMatch(/85\s%.*Bestanden/);
    await row.getByRole('button', { name: `Ergebnisse von ${FULL_NAME}` }).click();
    const results = cp.getByRole('dialog', { name: `Ergebnisse von ${FULL_NAME}` });
    const scormResult = results.locator(`li[data-module-id="${scormId}"]`);
    await expect.poll(() => scormResult.textContent()).toMatch(/85\s%.*Bestanden/);
    expect(await scormResult.textContent()).toContain('Bearbeitungszeit');
    expect(await results.locator(`li[data-module-id="${pdfId}"]`).textContent()).toContain('Abgeschlossen am');
    await expectAccessible(cp, 'participant results');
    await screenshotsAtWidths(cp, 'journey-participant-results-de');
    await cp.keyboard.press('Escape');
    await results.waitFor({ state: 'hidden' });
    const charts = cp.getByRole('region', { name: 'Verlauf' });
    await expect
      .poll(() => charts.locator('tr[data-status="COMPLETED"] td').allTextContents())
      .toEqual(['Abgeschlossen', '1', '100\u00a0%']);
    const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
    const completions = charts.locator('table[data-chart="completions"] tbody tr');
    expect(await completions.first().locator('td').allTextContents()).toEqual([today, '1', '1']);
    await expectAccessible(cp, 'coordination of the training');
    await screenshot(cp, 'journey-coordination-de');
    await screenshotsAtWidths(cp, 'journey-coordination-results-de');
    // Issue 32: someone who has completed needs no reminder: their button is off and says why.
    const remind = row.getByRole('button', { name: `${FULL_NAME} eine Erinnerung senden` });
    expect(await remind.isDisabled()).toBe(true);
    expect(await remind.getAttribute('aria-describedby').then((id) => cp.locator(`#${id}`).textContent())).toBe(
      'Abgeschlossen: keine Erinnerung nötig',
    );
    // "Remind all open" neither reminds nor counts them as refused: Vertrieb has no one else, so nobody is open.
    await cp.getByRole('button', { name: 'Alle Offenen erinnern' }).click();
    await cp
      .getByRole('alert')
      .filter({ hasText: 'Niemand ist mehr offen: Es wurde keine Erinnerung gesendet.' })
      .waitFor({ timeout: 10_000 });
    await expectAccessible(cp, 'reminders of a completed participant');
    // The status table and the results in English.
    await cp.locator('header select').first().selectOption('en-US');
    await expect.poll(() => row.textContent()).toMatch(/85%.*Passed/);
    await screenshotsAtWidths(cp, 'journey-coordination-results-en');
    await row.getByRole('button', { name: `Results of ${FULL_NAME}` }).click();
    await cp
      .getByRole('dialog', { name: `Results of ${FULL_NAME}` })
      .locator(`li[data-module-id="${scormId}"]`)
      .waitFor();
    await screenshotsAtWidths(cp, 'journey-participant-results-en');
    await coordinator.context.close();
  });
});
