import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, settle, signIn, switchLanguage } from './browser';
import { resetLocales } from './database';
import { apiAs, createCourseWithModules, onePagePdf, userIdOf } from './training-helpers';
import { useJourney } from './journey';

// Issue "Trainings and the learner journey", point 8 "Documents": a participant's downloads (the course files of
// their trainings, in their language), their certificates, the coordinator's list of all certificates and the
// download workaround for framed content.

const COURSE = 'Brandschutz 2026';
const GERMAN_FILE = 'Merkblatt Brandschutz – Übersicht.pdf';
const SCREENS = '/tmp/screens';

/** A screenshot at the page's full height, under /tmp/screens, at 1280 px and at 390 px (a phone). */
async function screens(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(800, height) });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png` });
  }
  await page.setViewportSize(original);
}

describe('documents: my downloads, my certificates, all certificates and the download workaround', () => {
  const { server, browser } = useJourney();
  let fileId = '';
  beforeAll(async () => {
    await resetLocales(server.db);
    const { courseId } = await createCourseWithModules(server, COURSE);
    const content = await apiAs(server, 'content@demo.example');
    const upload = async (locale: string, fileName: string, text: string) => {
      const form = new FormData();
      form.append('data', JSON.stringify({ locale, fileName }));
      form.append('pdf', new Blob([new Uint8Array(onePagePdf(text))], { type: 'application/pdf' }), 'upload.pdf');
      return (await content.post<{ id: string }>(`/courses/${courseId}/files`, form)).id;
    };
    fileId = await upload('de-DE', GERMAN_FILE, 'Merkblatt Brandschutz');
    await upload('en-US', 'Fire safety sheet.pdf', 'Fire safety sheet');
    const [group] = await server.db.all<{ id: string; client_id: string }>(
      "SELECT g.id, g.client_id FROM groups g JOIN users u ON u.client_id = g.client_id WHERE g.name = 'Vertrieb' AND u.email_normalized = ?",
      ['participant@demo.example'],
    );
    const admin = await apiAs(server, 'admin@demo.example');
    const training = await admin.post<{ id: string }>('/course-training', { courseId, groupIds: [group!.id] });
    // A certificate row as the certificates feature writes it, so the coordinator's list has a row to show.
    await server.db.run(
      'INSERT INTO course_certificates (id, client_id, training_id, user_id, locale, file_key, file_size, issued_at, regenerated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        randomUUID(),
        group!.client_id,
        training.id,
        await userIdOf(server, 'participant@demo.example'),
        'de-DE',
        'missing/certificate.pdf',
        100,
        '2026-03-02T09:30:00.000Z',
        null,
      ],
    );
  });

  it('shows the participant the German file of their training and downloads it', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Meine Downloads' }).click();
    await page.waitForURL(server.url('/documents'));
    await expect.poll(() => heading(page).textContent()).toBe('Meine Downloads');
    const section = page.getByRole('region', { name: COURSE });
    await expect.poll(() => section.textContent()).toContain(GERMAN_FILE);
    expect(await section.textContent()).not.toContain('Fire safety sheet');
    await expectAccessible(page, 'my downloads');
    await screens(page, 'documents-de');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: `${GERMAN_FILE} herunterladen` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(GERMAN_FILE);
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    // Where a browser ignores the download, the notice after it leads to the file's page of its own (issue 32).
    const offer = page.getByRole('link', { name: 'Kein Download? Datei auf eigener Seite öffnen' });
    await offer.waitFor();
    expect(await offer.getAttribute('href')).toBe(`/documents-download-workaround?type=course-file&id=${fileId}`);
    await expectAccessible(page, 'my downloads, after a download');
    await screens(page, 'documents-download-notice-de');

    // In English the English file is shown instead.
    await switchLanguage(page, 'en-US');
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('My downloads');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Fire safety sheet.pdf');
    expect(await page.getByRole('main').textContent()).not.toContain(GERMAN_FILE);
    await expectAccessible(page, 'my downloads (English)');
    await screens(page, 'documents-en');

    await page.getByRole('link', { name: 'My certificates' }).click();
    await page.waitForURL(server.url('/documents/certificates'));
    await expect.poll(() => heading(page).textContent()).toBe('My certificates');
    // The certificate row of beforeAll, listed by the certificates feature's GET /api/course-certificate.
    await expect.poll(() => page.getByRole('main').textContent()).toContain(`${COURSE} (EN)`);
    expect(await page.getByRole('main').textContent()).toContain('Mar 2, 2026');
    await expectAccessible(page, 'my certificates (English)');
    await screens(page, 'certificates-en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await expect.poll(() => heading(page).textContent()).toBe('Meine Zertifikate');
    await expectAccessible(page, 'my certificates');
    await screens(page, 'certificates-de');
    await context.close();
  });

  it('offers the file through the download workaround and refuses a type the app does not serve', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    // Reached as a reader reaches it: from the notice of a download on the downloads page.
    await page.goto(server.url('/documents'));
    await page
      .getByRole('region', { name: COURSE })
      .getByRole('button', { name: `${GERMAN_FILE} herunterladen` })
      .click();
    await page.getByRole('link', { name: 'Kein Download? Datei auf eigener Seite öffnen' }).click();
    await page.waitForURL(server.url(`/documents-download-workaround?type=course-file&id=${fileId}`));
    await expect.poll(() => heading(page).textContent()).toBe('Datei herunterladen');
    const save = page.getByRole('link', { name: `${GERMAN_FILE} speichern` });
    await save.waitFor();
    await expectAccessible(page, 'download workaround');
    await screens(page, 'workaround-de');
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toBe(GERMAN_FILE);

    await page.goto(server.url(`/documents-download-workaround?type=exe&id=${fileId}`));
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Unbekannter Dateityp. Bitte öffnen Sie die Datei nur aus der Anwendung.');
    await expectAccessible(page, 'download workaround, unknown type');
    await screens(page, 'workaround-unknown-de');
    await context.close();
  });

  it("lists the coordinator's participants' certificates, searchable", async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url('/documents/all'));
    await expect.poll(() => heading(page).textContent()).toBe('Alle Zertifikate');
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Paula Participant');
    expect(await page.locator('tbody').textContent()).toContain(COURSE);
    await expectAccessible(page, 'all certificates');
    await screens(page, 'all-documents-de');
    // The row stands for a certificate whose file is not there: spec section 8 "error downloading".
    await page
      .getByRole('button', { name: /^Zertifikat Brandschutz 2026 – Paula Participant\.pdf herunterladen$/ })
      .click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Fehler beim Herunterladen.' }).count()).toBe(1);
    await expectAccessible(page, 'all certificates, download error');
    await page.getByRole('button', { name: 'Hinweis schließen' }).click();
    await page.getByRole('searchbox', { name: 'Suchen' }).fill('niemand');
    // An empty list shows its empty state instead of the table.
    await expect.poll(() => page.locator('main').textContent()).toContain('Kein Zertifikat passt zur Suche.');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Paula Participant');
    await expectAccessible(page, 'all certificates (English)');
    await screens(page, 'all-documents-en');
    await context.close();
  });
});
