import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { resetLocales } from './database';
import { createCourseWithModules, fillTrainingDrawer, tableOverhang, userIdOf } from './training-helpers';
import { useJourney } from './journey';
import { sidewaysScroll } from './walk-helpers';

// Issue "Trainings and the learner journey": a training is created for a group in the coordination screens, its
// participant takes it from the dashboard (module locking, a PDF completed by opening it), and the coordinator's
// participants table shows where they stand.

const COURSE = 'Arbeitssicherheit 2026';
/** The group's coordinator creates the training: the course picker lists courses through courses.list. */
const CREATOR = 'coordinator@demo.example';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
/** The participants table's body (the charts' text alternatives are tables too). */
const tableBody = (page: Page) => page.locator('table:not([data-chart]) > tbody');

describe('trainings: created for a group, taken by its participant, followed by its coordinator', () => {
  const { server, browser } = useJourney();
  let modules: Awaited<ReturnType<typeof createCourseWithModules>>;
  let trainingId = '';
  beforeAll(async () => {
    await resetLocales(server.db);
    modules = await createCourseWithModules(server, COURSE);
  });

  it('creates a training of the course for the group "Vertrieb" in the drawer', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, CREATOR);
    await page.goto(server.url('/coordination/trainings'));
    await expect.poll(() => heading(page).textContent()).toBe('Schulungen');
    await expect.poll(() => page.locator('main').textContent()).toContain('Noch keine Schulungen');
    await expectAccessible(page, 'empty training list');
    await screenshot(page, 'trainings-empty-de');

    await page.getByRole('button', { name: 'Neue Schulung' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neue Schulung' });
    await drawer.getByRole('button', { name: 'Schulung anlegen' }).click();
    await expect.poll(() => drawer.textContent()).toContain('Bitte wählen Sie einen Kurs.');
    await fillTrainingDrawer(page, drawer, { course: COURSE, group: 'Vertrieb', deadline: '2027-03-31' });
    await expectAccessible(page, 'training drawer');
    await screenshot(page, 'training-drawer-de');
    await drawer.getByRole('button', { name: 'Schulung anlegen' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);

    const row = rowOf(page, COURSE);
    await expect.poll(() => row.textContent()).toContain('Vertrieb');
    expect(await row.textContent()).toContain('31.03.2027');
    const [stored] = await server.db.all<{ id: string }>('SELECT id FROM trainings');
    trainingId = stored?.id ?? '';
    expect(trainingId).not.toBe('');
    // The groups list names the group's courses from its trainings.
    await page.goto(server.url('/coordination/groups'));
    await expect.poll(() => rowOf(page, 'Vertrieb').textContent()).toContain(COURSE);
    await context.close();
  });

  it('shows the participant the training once welcomed, locks the second module and completes the PDF on opening', async () => {
    const participantId = await userIdOf(server, 'participant@demo.example');
    await server.db.run('UPDATE users SET is_welcome_dialog_seen = ? WHERE id = ?', [false, participantId]);
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    const welcome = page.getByRole('dialog', { name: 'Willkommen bei Demo' });
    await welcome.waitFor();
    await settle(page);
    await expectAccessible(page, 'welcome dialog');
    await screenshot(page, 'welcome-dialog-de');
    await welcome.getByRole('button', { name: 'Los geht’s' }).click();
    await expect
      .poll(async () => {
        const [u] = await server.db.all<{ seen: number | boolean }>(
          'SELECT is_welcome_dialog_seen AS seen FROM users WHERE id = ?',
          [participantId],
        );
        return Boolean(u?.seen);
      })
      .toBe(true);
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Willkommen, Paula Participant');

    const card = page.getByRole('article', { name: COURSE });
    await expect.poll(() => card.textContent()).toContain('Nicht begonnen');
    expect(await card.textContent()).toContain('Frist: 31.03.2027');
    expect(await card.textContent()).toContain('0 von 2 Pflichtmodulen abgeschlossen');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, 'dashboard with a training');
    await screenshot(page, 'dashboard-training-de');

    await card.getByRole('link', { name: COURSE, exact: true }).click();
    await page.waitForURL(server.url(`/training/${trainingId}`));
    await expect.poll(() => heading(page).textContent()).toBe(COURSE);
    const second = page.locator(`li[data-module-id="${modules.scorm.id}"]`);
    await expect
      .poll(() => second.textContent())
      .toContain('Gesperrt: öffnet sich, sobald „Grundlagen lesen“ abgeschlossen ist.');
    expect(await second.getByRole('link').count()).toBe(0);
    const first = page.locator(`li[data-module-id="${modules.pdf.id}"]`);
    expect(await first.textContent()).toContain('10 Min.');
    expect(await second.textContent()).toContain('45 Min.');
    await expectAccessible(page, 'training page');
    await screenshot(page, 'training-de');

    await first.getByRole('link', { name: 'Öffnen: Grundlagen lesen' }).click();
    await page.waitForURL(server.url(`/training/${trainingId}/module/${modules.pdf.id}`));
    await page.locator('[data-testid="module-player"]').waitFor();
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Abgeschlossen');
    await expectAccessible(page, 'the module page', { exclude: ['[data-testid="module-player"]'] });
    await screenshot(page, 'module-pdf-de');

    await page.getByRole('link', { name: `← Zurück zu „${COURSE}“` }).click();
    await page.waitForURL(server.url(`/training/${trainingId}`));
    await expect.poll(() => first.textContent()).toContain('Abgeschlossen');
    await expect.poll(() => second.getByRole('link', { name: 'Öffnen: Golf-Quiz' }).count()).toBe(1);
    expect(await page.getByRole('main').textContent()).toContain('1 von 2 Pflichtmodulen abgeschlossen');

    await page.getByRole('link', { name: 'Fortschritt ansehen' }).click();
    await page.waitForURL(server.url(`/training/${trainingId}/progress`));
    await expect.poll(() => heading(page).textContent()).toBe(`Fortschritt: ${COURSE}`);
    await expect.poll(() => rowOf(page, 'Grundlagen lesen').textContent()).toContain('Abgeschlossen');
    await expectAccessible(page, 'training progress');
    await screenshot(page, 'training-progress-de');

    await page.goto(server.url('/'));
    await expect.poll(() => card.textContent()).toContain('Begonnen');
    await context.close();
  });

  it("shows the coordinator the participant's status, filters it, marks the participant optional and refuses deleting", async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url('/coordination/trainings'));
    await rowOf(page, COURSE).getByRole('link', { name: COURSE }).click();
    await page.waitForURL(server.url(`/coordination/trainings/${trainingId}`));
    await expect.poll(() => heading(page).textContent()).toBe(COURSE);
    const paula = rowOf(page, 'Paula Participant');
    await expect.poll(() => paula.textContent()).toContain('Begonnen');
    expect(await paula.textContent()).toContain('1 von 2');
    const figure = (key: string) => page.locator(`[data-figure="${key}"]`).textContent();
    expect(await figure('participants')).toBe('1');
    expect(await figure('started')).toBe('1');
    // The charts (issue point 4): the status distribution's table names Paula's status; nobody completed yet.
    const charts = page.getByRole('region', { name: 'Verlauf' });
    const cells = (status: string) => charts.locator(`tr[data-status="${status}"] td`).allTextContents();
    await expect.poll(() => cells('STARTED')).toEqual(['Begonnen', '1', '100\u00a0%']);
    expect(await cells('COMPLETED')).toEqual(['Abgeschlossen', '0', '0\u00a0%']);
    expect(await charts.textContent()).toContain('Noch hat niemand die Schulung abgeschlossen.');
    await expectAccessible(page, 'participants table');
    // Issue 32: every column in view at 1280 px, the last (Reminder) included; no column left out for it.
    expect(await tableOverhang(page, 'Teilnehmende'), 'the status table reaches past its box').toBe(0);
    expect(
      await page.getByRole('table', { name: 'Teilnehmende', exact: true }).getByRole('columnheader').allTextContents(),
    ).toEqual(['Name', 'E-Mail', 'Status', 'Gültigkeit', 'Module', 'Ergebnis', 'Optional', 'Erinnerung', '']);
    await screenshot(page, 'training-participants-de');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    expect(await sidewaysScroll(page), 'the training page scrolls sideways at 390 px').toBe(0);
    await screenshot(page, 'training-participants-de-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption('COMPLETED');
    await expect.poll(() => page.locator('main').textContent()).toContain('Niemand passt zu Suche und Filter.');
    await status.selectOption('STARTED');
    await expect.poll(() => paula.count()).toBe(1);
    await status.selectOption('');
    await page.getByRole('searchbox', { name: 'Suche' }).fill('paula');
    await expect.poll(() => tableBody(page).locator('tr').count()).toBe(1);

    const optional = paula.getByRole('switch', { name: 'Paula Participant als optional markieren' });
    // The switch follows the server's answer (controlled), so it is clicked and then waited for.
    await optional.click({ force: true });
    await expect.poll(() => paula.textContent()).toContain('Optional');
    await expect.poll(() => figure('optional')).toBe('1');
    expect(await optional.isChecked()).toBe(true);
    await optional.click({ force: true });
    await expect.poll(() => paula.textContent()).toContain('Begonnen');

    // Spec section 5: not deleted while users are assigned; the refusal is the server's code, translated.
    await page.getByRole('link', { name: '← Alle Schulungen' }).click();
    await page.getByRole('button', { name: `Löschen: ${COURSE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Schulung löschen' });
    await dialog.getByRole('button', { name: 'Schulung löschen' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toContain('Die Schulung kann nicht gelöscht werden, solange Benutzer zugeordnet sind.');
    await settle(page);
    await expectAccessible(page, 'delete refused');
    await screenshot(page, 'training-delete-refused-de');
    await dialog.getByRole('button', { name: 'Schließen' }).first().click();
    expect(await server.db.all('SELECT id FROM trainings')).toHaveLength(1);
    await context.close();
  });
  it("unassigns the group in the edit drawer, keeps the former participant's progress, and deletes it only when confirmed", async () => {
    const { context, page } = await openPage(browser);
    // A coordinator may not leave a training without one of their groups (400 group_required); an admin unassigns it.
    await signIn(page, server, 'admin@demo.example');
    await page.goto(server.url('/coordination/trainings'));
    await page.getByRole('button', { name: `Bearbeiten: ${COURSE}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Schulung bearbeiten' });
    const groups = drawer.getByRole('combobox', { name: 'Gruppen' });
    await expect.poll(() => drawer.textContent()).toContain('Vertrieb');
    await groups.click();
    await groups.press('Backspace');
    await page.keyboard.press('Escape');
    await settle(page);
    await expectAccessible(page, 'training edit drawer');
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => rowOf(page, COURSE).textContent()).toContain('niemand');

    await rowOf(page, COURSE).getByRole('link', { name: COURSE }).click();
    await expect.poll(() => rowOf(page, 'Paula Participant').textContent()).toContain('nicht mehr zugeordnet');
    await page.getByRole('link', { name: '← Alle Schulungen' }).click();

    // Spec section 5: nobody is assigned, but someone has started: the user is asked to confirm.
    await page.getByRole('button', { name: `Löschen: ${COURSE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Schulung löschen' });
    await dialog.getByRole('button', { name: 'Schulung löschen' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Es gibt bereits Fortschritt');
    expect(await dialog.getByRole('alert').textContent()).toContain('1 begonnen');
    await settle(page);
    await expectAccessible(page, 'delete with progress');
    await screenshot(page, 'training-delete-progress-de');
    await dialog.getByRole('button', { name: 'Mit Fortschritt löschen' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('Noch keine Schulungen');
    expect(await server.db.all('SELECT id FROM trainings')).toHaveLength(0);
    await context.close();
  });
});
