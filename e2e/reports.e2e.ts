import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshotsAtWidths, signIn } from './browser';
import { resetLocales } from './database';
import { useJourney } from './journey';
import { apiAs, createCourseWithModules, userIdOf } from './training-helpers';

// Issue 31 point 2 in the browser: the reports as the coordinator (Vertrieb) and the admin, in German and English,
// at 1280 and 390 px with axe. Two trainings of Vertrieb: "Erste Hilfe 2026" whose deadline passed (the
// participant is overdue) and "Brandschutz 2026" whose validity ended 5 days ago (expired, and still remindable:
// the course has no dates and names a reminder template). The filters are the URL's: a reload shows the same
// report; reminders go out from the list in bulk.

const OVERDUE = 'Erste Hilfe 2026';
const EXPIRED = 'Brandschutz 2026';
const PARTICIPANT = 'participant@demo.example';
const DAY = 86_400_000;

describe('the reports: compliance overview and the overdue and expiring list', () => {
  const { server, browser } = useJourney();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await resetLocales(server.db);
    const userId = await userIdOf(server, PARTICIPANT);
    const admin = await apiAs(server, 'admin@demo.example');
    const content = await apiAs(server, 'content@demo.example');
    const template = await content.post<{ id: string }>('/mail-template', {
      kind: 'reminder',
      name: 'Erinnerung Berichte',
      locales: {
        'de-DE': { subject: 'Erinnerung: {{courseTitle}}', bodyText: 'Bitte {{link}}', bodyHtml: null },
      },
    });
    const [group] = await server.db.all<{ id: string }>(
      "SELECT g.id FROM groups g JOIN users u ON u.client_id = g.client_id WHERE g.name = 'Vertrieb' AND u.email_normalized = ?",
      [PARTICIPANT],
    );
    for (const title of [OVERDUE, EXPIRED]) {
      const { courseId } = await createCourseWithModules(server, title);
      await server.db.run('UPDATE courses SET reminder_mail_template_id = ? WHERE id = ?', [template.id, courseId]);
      ids[title] = (await admin.post<{ id: string }>('/course-training', { courseId, groupIds: [group!.id] })).id;
    }
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    await server.db.run('UPDATE trainings SET deadline = ? WHERE id = ?', [yesterday, ids[OVERDUE]!]);
    await server.db.run(
      "UPDATE training_participants SET status = 'EXPIRED', cycle = 2, valid_until = ? WHERE training_id = ? AND user_id = ?",
      [new Date(Date.now() - 5 * DAY).toISOString(), ids[EXPIRED]!, userId],
    );
  });

  /** The report's URL query as the page holds it. */
  const query = (page: Page) => new URL(page.url()).searchParams;

  async function overview(page: Page, lang: 'de' | 'en', who: string) {
    const w =
      lang === 'de'
        ? { title: 'Compliance-Übersicht', training: 'Schulung', overdue: 'Überfällig', people: 'Personen anzeigen' }
        : { title: 'Compliance overview', training: 'Training', overdue: 'Overdue', people: 'Show the people' };
    await page.goto(server.url('/reports'));
    await expect.poll(() => heading(page).textContent()).toBe(w.title);
    const overdueCard = page.locator('[data-figure="overdue"]');
    await expect.poll(() => overdueCard.textContent()).toMatch(/[1-9]/);
    await expect.poll(() => page.locator('[data-chart="trend"]').count()).toBe(1);
    await expectAccessible(page, `compliance overview (${who}, ${lang})`);
    await screenshotsAtWidths(page, `reports-compliance-${who}-${lang}`);
    // Filter by training: the URL keeps it, and a reload shows the same report.
    const title = lang === 'de' ? OVERDUE : `${OVERDUE} (EN)`;
    await page.getByRole('combobox', { name: w.training, exact: true }).selectOption({ label: title });
    await expect.poll(() => query(page).get('training')).toBe(ids[OVERDUE]);
    const breakdown = page.getByTestId('report-breakdown');
    await expect.poll(() => breakdown.textContent()).not.toContain(EXPIRED);
    expect(await breakdown.textContent()).toContain(OVERDUE);
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: w.training, exact: true }).inputValue())
      .toBe(ids[OVERDUE]);
    await expect.poll(() => breakdown.textContent()).toContain(OVERDUE);
    expect(await breakdown.textContent()).not.toContain(EXPIRED);
    await screenshotsAtWidths(page, `reports-compliance-filtered-${who}-${lang}`);
    // The overdue figure opens the list of those people with the same filters.
    await overdueCard.getByRole('link', { name: w.people }).click();
    await expect.poll(() => query(page).get('state')).toBe('overdue');
    expect(query(page).get('training')).toBe(ids[OVERDUE]);
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Paula Participant');
  }

  async function attention(page: Page, lang: 'de' | 'en', who: string, remind: 'selected' | 'all') {
    const w =
      lang === 'de'
        ? { title: 'Überfällig und ablaufend', expired: 'Abgelaufen', confirm: 'Erinnerungen senden' }
        : { title: 'Overdue and expiring', expired: 'Expired', confirm: 'Send reminders' };
    await page.goto(server.url('/reports/attention'));
    await expect.poll(() => heading(page).textContent()).toBe(w.title);
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Paula Participant');
    await expectAccessible(page, `attention list (${who}, ${lang})`);
    await screenshotsAtWidths(page, `reports-attention-${who}-${lang}`);
    // The expired: a state of its own in the URL, kept on reload.
    // Mantine's segmented control: the radio is hidden behind its label, which takes the click.
    const radioId = await page.getByRole('radio', { name: w.expired }).getAttribute('id');
    await page.locator(`label[for="${radioId}"]`).click();
    await expect.poll(() => query(page).get('state')).toBe('expired');
    await page.reload();
    const table = page.getByRole('table', { name: w.expired, exact: true });
    await expect.poll(() => table.textContent()).toContain(EXPIRED);
    expect(query(page).get('state')).toBe('expired');
    expect(await table.textContent()).not.toContain(OVERDUE);
    if (remind === 'selected') {
      await page.getByRole('checkbox', { name: new RegExp(`Paula Participant, ${EXPIRED}`) }).check();
      await page.getByTestId('remind-bar').getByRole('button').first().click();
    } else await page.getByTestId('remind-bar').getByRole('button').nth(1).click();
    const dialog = page.getByRole('dialog');
    await expectAccessible(page, `remind confirmation (${who}, ${lang})`);
    await dialog.getByRole('button', { name: w.confirm }).click();
    const outcome = page.getByTestId('remind-outcome');
    await expect.poll(() => outcome.textContent()).toMatch(lang === 'de' ? /Erinnerung/ : /reminder/);
    await expectAccessible(page, `after reminders (${who}, ${lang})`);
    await screenshotsAtWidths(page, `reports-attention-reminded-${who}-${lang}`);
    return outcome.textContent();
  }

  it('lets the coordinator read both reports in German and English, filter, reload, and remind the ticked rows', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await overview(page, 'de', 'coordinator');
    expect(await attention(page, 'de', 'coordinator', 'selected')).toContain('1 Erinnerung gesendet.');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await overview(page, 'en', 'coordinator');
    // Within the hour, the same person is held back by the throttle.
    expect(await attention(page, 'en', 'coordinator', 'all')).toContain('0 reminders sent.');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await context.close();
  });

  it('lets the admin read both reports in German and English and remind all matching', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'admin@demo.example');
    await overview(page, 'de', 'admin');
    expect(await attention(page, 'de', 'admin', 'all')).toContain('0 Erinnerungen gesendet.');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await overview(page, 'en', 'admin');
    await attention(page, 'en', 'admin', 'all');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await context.close();
  });

  /** Clicks the export menu's entry and answers the downloaded file's name and bytes. */
  async function exportAs(page: Page, entry: string) {
    await page.getByRole('button', { name: 'Bericht exportieren' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: entry }).click();
    const file = await download;
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? '') };
  }

  async function sheetOf(bytes: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    return ws;
  }

  const csvLines = (bytes: Buffer) => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  };

  it('lets the coordinator export both reports as XLSX and CSV with the filters of the URL (de)', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url(`/reports?training=${ids[OVERDUE]}`));
    await expect.poll(() => heading(page).textContent()).toBe('Compliance-Übersicht');
    await expect.poll(() => page.getByTestId('report-breakdown').textContent()).toContain(OVERDUE);
    const xlsx = await exportAs(page, 'Excel (XLSX)');
    expect(xlsx.name).toMatch(/^compliance-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const ws = await sheetOf(xlsx.bytes);
    expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Ebene', 'Name', 'Frist']);
    const names: unknown[] = [];
    ws.eachRow((row) => names.push(row.getCell(2).value));
    expect(names).toContain(OVERDUE);
    expect(names).not.toContain(EXPIRED);
    const training = ws.getRow(3);
    expect(training.getCell(3).value).toBeInstanceOf(Date);
    expect(training.getCell(4).value).toBe(1);
    const csv = csvLines((await exportAs(page, 'CSV (für Excel, mit Semikolon)')).bytes);
    expect(csv[0]).toMatch(/^Ebene;Name;Frist;Zugewiesen;Abgeschlossen;Überfällig;/);
    expect(csv.some((l) => l.startsWith(`Schulung;${OVERDUE};`))).toBe(true);
    await expectAccessible(page, 'compliance overview with the export button');
    await page.getByRole('button', { name: 'Bericht exportieren' }).click();
    await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).waitFor();
    await screenshotsAtWidths(page, 'reports-compliance-export-de');
    await page.keyboard.press('Escape');

    await page.goto(server.url('/reports/attention?state=overdue'));
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Paula Participant');
    const list = await sheetOf((await exportAs(page, 'Excel (XLSX)')).bytes);
    expect((list.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Name', 'E-Mail', 'Schulung']);
    const paula = list.getRow(2);
    expect(paula.getCell(1).value).toBe('Paula Participant');
    expect(paula.getCell(3).value).toBe(OVERDUE);
    expect(paula.getCell(6).value).toBe('Überfällig');
    expect(paula.getCell(7).value).toBeInstanceOf(Date);
    expect(typeof paula.getCell(8).value).toBe('number');
    const lines = csvLines((await exportAs(page, 'CSV (für Excel, mit Semikolon)')).bytes);
    expect(lines[0]).toBe('Name;E-Mail;Schulung;Gruppen;Koordinatoren;Zustand;Fällig am;Tage;Zuletzt erinnert (UTC)');
    expect(lines.some((l) => l.startsWith(`Paula Participant;participant@demo.example;${OVERDUE};Vertrieb;`))).toBe(
      true,
    );
    expect(lines.every((l, i) => i === 0 || l.includes(';Überfällig;'))).toBe(true);
    await context.close();
  });
});
