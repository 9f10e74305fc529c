import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCORM_FIXTURES, zipFolder } from '../apps/server/src/features/scorm/test-zip';
import { expectAccessible } from './browser';
import type { TestServer } from './harness';

/** A file as Playwright's setInputFiles takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A golf example of test-fixtures/scorm, zipped at test time by the server tests' zipFolder, as a file to upload. */
export async function golfZip(folder: string): Promise<UploadFile> {
  const buffer = await zipFolder(path.join(SCORM_FIXTURES, 'golf', folder));
  return { name: `${folder}.zip`, mimeType: 'application/zip', buffer };
}

export interface CourseInput {
  title: string;
  description?: string;
  /** The name of a certificate template to choose in the course form's picker. */
  certificateTemplate?: string;
  /** The name of a reminder template (without one a course sends no reminders). */
  reminderTemplate?: string;
  /** Ticks "Einladungen versenden". */
  invitation?: boolean;
}

/** Creates a course in the German content screens (/content/courses, "Neuer Kurs") and answers its id. */
export async function createCourseInScreens(page: Page, server: TestServer, course: CourseInput): Promise<string> {
  await page.goto(server.url('/content/courses'));
  await page.getByRole('link', { name: 'Neuer Kurs' }).click();
  await page.getByLabel('Titel', { exact: true }).fill(course.title);
  if (course.description) await page.getByLabel('Beschreibung').fill(course.description);
  const pick = async (field: string, option: string | undefined) => {
    if (!option) return;
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option }).click();
  };
  await pick('Zertifikatsvorlage', course.certificateTemplate);
  await pick('Erinnerungsvorlage', course.reminderTemplate);
  if (course.invitation) await page.getByRole('checkbox', { name: 'Einladungen versenden' }).check();
  await page.getByRole('button', { name: 'Kurs anlegen' }).click();
  await page.waitForURL(/\/content\/courses\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/')[3] ?? '';
}

/**
 * Uploads a module (a SCORM zip or a PDF) with its German title (and a duration, else the form's) in the course's
 * module form and waits for its row; then the form is empty again, at the default duration (issue 32).
 */
export async function uploadModuleInScreens(
  page: Page,
  server: TestServer,
  courseId: string,
  file: UploadFile,
  title: string,
  durationInMinutes?: number,
): Promise<void> {
  if (new URL(page.url()).pathname !== `/content/courses/${courseId}/modules`)
    await page.goto(server.url(`/content/courses/${courseId}/modules`));
  const form = page.getByRole('group', { name: 'Modul hochladen' });
  await form.getByLabel('Titel (Deutsch)').fill(title);
  if (durationInMinutes !== undefined) await form.getByLabel('Dauer (Minuten)').fill(String(durationInMinutes));
  await form.locator('input[type="file"]').setInputFiles(file);
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await page.getByRole('cell', { name: title, exact: true }).waitFor();
  await expect.poll(() => form.getByLabel('Dauer (Minuten)').inputValue()).toBe('45');
  expect(await form.getByLabel('Titel (Deutsch)').inputValue()).toBe('');
}

/**
 * Watches a page for what must not happen while a package runs: an alert from the content (the golf examples
 * alert when they find no API or a call fails), a page error, and any app cookie or token sent to the content
 * origin. `confirm` dialogs (the golf examples ask whether to resume) are accepted.
 */
export function watchPlayer(page: Page, contentOrigin: string) {
  const alerts: string[] = [];
  const leaks: string[] = [];
  const consoleErrors: string[] = [];
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'confirm') return void dialog.accept();
    alerts.push(dialog.message());
    return void dialog.dismiss();
  });
  page.on('console', (msg) => {
    if (/Blocked alert|Could not|Unable to find/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(contentOrigin)) return;
    request
      .allHeaders()
      .then((headers) => {
        if (headers.cookie || headers.authorization || headers['x-authorization'])
          leaks.push(`${request.method()} ${request.url()}`);
      })
      // A request still in flight when its page closes has no headers to give; it is past the journey's checks.
      .catch(() => undefined);
  });
  return {
    expectClean: () => {
      expect(alerts, 'alerts from the content').toEqual([]);
      expect(consoleErrors, 'failed SCORM calls').toEqual([]);
      expect(leaks, 'requests to the content origin carrying app credentials').toEqual([]);
    },
  };
}

/** The frame of the SCO's launch page inside the player inside the app's preview page. */
export async function scoFrame(page: Page, launchPage = 'shared/launchpage.html'): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => {
      found = page.frames().find((f) => f.url().includes('/content/') && f.url().includes(launchPage));
      return found !== undefined;
    })
    .toBe(true);
  const frame = found as Frame;
  await frame.waitForFunction(() => typeof (window as unknown as { currentPage?: unknown }).currentPage === 'number');
  return frame;
}

/** The player page (content origin) framed by the app. */
export async function playerFrame(page: Page): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => {
      found = page.frames().find((f) => f.url().includes('/player/'));
      return found !== undefined;
    })
    .toBe(true);
  return found as Frame;
}

/** Calls the golf example's own SCORM helpers inside its launch page, as the content itself would. */
export const scoGet = (frame: Frame, element: string) =>
  frame.evaluate(
    (el) =>
      (window as unknown as { ScormProcessGetValue: (e: string, c?: boolean) => string }).ScormProcessGetValue(
        el,
        false,
      ),
    element,
  );

export const scoSet = (frame: Frame, element: string, value: string) =>
  frame.evaluate(
    ([el, v]) =>
      (window as unknown as { ScormProcessSetValue: (e: string, v: string) => void }).ScormProcessSetValue(el, v),
    [element, value] as const,
  );

export const scoNext = (frame: Frame) => frame.locator('#butNext').click();

/**
 * WCAG 2.1 A and AA for the preview page and our player frame (on the content origin); the package's own pages are
 * the author's and are left out (the golf examples' inner frames have no titles).
 */
export const expectAccessiblePreview = (page: Page): Promise<void> =>
  expectAccessible(page, 'the module preview', {
    exclude: [['[data-testid="module-player"]', '#sco']],
    crossOriginFrames: true,
  });
