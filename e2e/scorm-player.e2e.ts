import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, signIn } from './browser';
import {
  createCourseInScreens,
  expectAccessiblePreview,
  golfZip,
  playerFrame,
  scoFrame,
  scoGet,
  scoNext,
  scoSet,
  uploadModuleInScreens,
  watchPlayer,
} from './content-helpers';
import { resetLocales } from './database';
import { useJourney } from './journey';

// Issue 5: a content master uploads golf packages, previews them in the player on the content origin
// (CONTENT_ORIGIN=http://127.0.0.1:<port> while the app runs on http://localhost:<port>), leaves and resumes.

describe('SCORM preview in the player on the content origin', () => {
  const { server, browser } = useJourney();
  let contentOrigin: string;
  beforeAll(async () => {
    await resetLocales(server.db);
    contentOrigin = `http://127.0.0.1:${server.contentPort}`;
  });

  const createCourse = (page: Page, title: string) =>
    createCourseInScreens(page, server, { title, description: 'Regeln, Etikette und Handicap.' });

  const uploadModule = async (page: Page, courseId: string, folder: string, title: string) =>
    uploadModuleInScreens(page, server, courseId, await golfZip(folder), title);

  async function openPreview(page: Page, title: string): Promise<void> {
    await page.getByRole('button', { name: `Vorschau von „${title}“` }).click();
    await page.waitForURL(/\/preview$/);
    await page.locator('[data-testid="module-player"]').waitFor();
  }

  it('SCORM 1.2: finds the API, moves on, leaves, and resumes at the saved location with the saved suspend data', async () => {
    const { context, page } = await openPage(browser);
    const watch = watchPlayer(page, contentOrigin);
    await signIn(page, server, 'content@demo.example');
    const courseId = await createCourse(page, 'Golf für Einsteiger');
    await expect.poll(() => heading(page).textContent()).toBe('Golf für Einsteiger');
    await expectAccessible(page, 'course settings');
    await screenshot(page, 'course-settings-de');
    await uploadModule(page, courseId, 'RuntimeBasicCalls_SCORM12', 'Golf 1.2');
    await expectAccessible(page, 'course modules');
    await screenshot(page, 'course-modules-de');

    await openPreview(page, 'Golf 1.2');
    let sco = await scoFrame(page);
    expect(await sco.evaluate(() => document.cookie)).toBe('');
    expect(new URL(sco.url()).origin).toBe(contentOrigin);
    await scoNext(sco);
    await scoNext(sco);
    expect(await scoGet(sco, 'cmi.core.lesson_location')).toBe('2');
    await scoSet(sco, 'cmi.suspend_data', 'e2e:golf-1.2;page=2');
    await expectAccessiblePreview(page);
    await screenshot(page, 'module-preview-de');
    // Leave the preview; the content suspends on unload and the player's commits carry the data to the server.
    await page.getByRole('link', { name: '← Zurück zu den Modulen' }).click();
    await page.waitForURL(/\/modules$/);
    await expect
      .poll(async () => (await server.db.all<{ cmi: string }>('SELECT cmi FROM scorm_sco_data'))[0]?.cmi ?? '')
      .toContain('e2e:golf-1.2;page=2');

    await openPreview(page, 'Golf 1.2');
    sco = await scoFrame(page);
    expect(await scoGet(sco, 'cmi.core.entry')).toBe('resume');
    expect(await scoGet(sco, 'cmi.core.lesson_location')).toBe('2');
    expect(await scoGet(sco, 'cmi.suspend_data')).toBe('e2e:golf-1.2;page=2');
    expect(await sco.evaluate(() => (window as unknown as { currentPage: number }).currentPage)).toBe(2);
    watch.expectClean();
    await context.close();
  });

  it('SCORM 2004: the same with window.API_1484_11, cmi.location and cmi.suspend_data', async () => {
    const { context, page } = await openPage(browser);
    const watch = watchPlayer(page, contentOrigin);
    await signIn(page, server, 'content@demo.example');
    const courseId = await createCourse(page, 'Golf 2004');
    await uploadModule(page, courseId, 'RuntimeBasicCalls_SCORM20043rdEdition', 'Golf 2004');
    await openPreview(page, 'Golf 2004');
    let sco = await scoFrame(page);
    const player = await playerFrame(page);
    expect(await player.evaluate(() => typeof (window as unknown as { API_1484_11?: unknown }).API_1484_11)).toBe(
      'object',
    );
    for (let i = 0; i < 3; i++) await scoNext(sco);
    expect(await scoGet(sco, 'cmi.location')).toBe('3');
    await scoSet(sco, 'cmi.suspend_data', 'e2e:golf-2004;page=3');
    await page.getByRole('link', { name: '← Zurück zu den Modulen' }).click();
    await page.waitForURL(/\/modules$/);
    await expect
      .poll(async () =>
        (await server.db.all<{ cmi: string }>('SELECT cmi FROM scorm_sco_data')).some((r) =>
          r.cmi.includes('e2e:golf-2004;page=3'),
        ),
      )
      .toBe(true);

    await openPreview(page, 'Golf 2004');
    sco = await scoFrame(page);
    expect(await scoGet(sco, 'cmi.entry')).toBe('resume');
    expect(await scoGet(sco, 'cmi.location')).toBe('3');
    expect(await scoGet(sco, 'cmi.suspend_data')).toBe('e2e:golf-2004;page=3');
    watch.expectClean();
    await context.close();
  });

  it('a multi-SCO 2004 package shows its table of contents, one SCO at a time, with next and previous', async () => {
    const { context, page } = await openPage(browser);
    const watch = watchPlayer(page, contentOrigin);
    await signIn(page, server, 'content@demo.example');
    const courseId = await createCourse(page, 'Golf in Etappen');
    await uploadModule(page, courseId, 'SequencingForcedSequential_SCORM20043rdEdition', 'Golf Etappen');
    await openPreview(page, 'Golf Etappen');
    const player = await playerFrame(page);
    const toc = player.getByRole('navigation', { name: 'Inhalt' });
    await toc.waitFor();
    expect(await toc.getByRole('button').allTextContents()).toEqual([
      'Playing the Game',
      'Etiquette',
      'Handicapping',
      'Having Fun',
      'Quiz',
    ]);
    await scoFrame(page, 'content=playing');
    await toc.getByRole('button', { name: 'Handicapping' }).click();
    await scoFrame(page, 'content=handicapping');
    expect(await toc.getByRole('button', { name: 'Handicapping' }).getAttribute('aria-current')).toBe('true');
    await player.getByRole('button', { name: 'Weiter' }).click();
    await scoFrame(page, 'content=havingfun');
    await player.getByRole('button', { name: 'Zurück' }).click();
    await scoFrame(page, 'content=handicapping');
    expect(page.frames().filter((f) => f.url().includes('launchpage.html'))).toHaveLength(1);
    // A SCO asking for the next activity itself (adl.nav.request=continue, then Terminate) gets it.
    const handicapping = await scoFrame(page, 'content=handicapping');
    await scoSet(handicapping, 'adl.nav.request', 'continue');
    await handicapping.evaluate(() => (window as unknown as { doUnload: (exit: boolean) => void }).doUnload(true));
    await scoFrame(page, 'content=havingfun');
    await expect.poll(() => toc.getByRole('button', { name: 'Having Fun' }).getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'module-preview-toc-de');
    watch.expectClean();
    await context.close();
  });

  it('the content screens in English: list, settings, modules and files (with an uploaded PDF)', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'content@demo.example');
    await page.goto(server.url('/content/courses'));
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Courses');
    await page.getByRole('link', { name: 'Golf für Einsteiger' }).waitFor();
    await expectAccessible(page, 'course list');
    await screenshot(page, 'course-list-en');
    await page.getByRole('link', { name: 'Golf für Einsteiger' }).click();
    await page.getByRole('tab', { name: 'English' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Golf for beginners');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Golf for beginners');
    await screenshot(page, 'course-settings-en');
    await page.getByRole('link', { name: 'Modules' }).click();
    await page.getByRole('cell', { name: 'Golf 1.2', exact: true }).waitFor();
    await screenshot(page, 'course-modules-en');
    await page.getByRole('link', { name: 'Files' }).click();
    await page.getByLabel('File name').fill('Golf rules.pdf');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'rules.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('cell', { name: 'Golf rules.pdf', exact: true }).waitFor();
    await expectAccessible(page, 'course files');
    await screenshot(page, 'course-files-en');
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('de-DE');
    await page.getByRole('cell', { name: 'Golf rules.pdf', exact: true }).waitFor();
    await screenshot(page, 'course-files-de');
    await context.close();
  });
});
