import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, signIn } from './browser';
import { DEMO_PASSWORD, type TestServer } from './harness';
import { useJourney } from './journey';

/** An admin's API call, for what the journey arranges before the coordinator's screens (a group to coordinate). */
async function asAdmin(server: TestServer, path: string, body: unknown): Promise<unknown> {
  const base = server.url('');
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Drawers and modals fade in; axe measures colour contrast, so it waits until no transition runs. */
const settle = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

describe('a coordinator manages the users of their group', () => {
  const { server, browser } = useJourney();
  beforeAll(async () => {
    const [coordinator] = await server.db.all<{ id: string }>('select id from users where email = ?', [
      'coordinator@demo.example',
    ]);
    const [participant] = await server.db.all<{ id: string }>('select id from users where email = ?', [
      'participant@demo.example',
    ]);
    await asAdmin(server, '/api/groups', {
      name: 'Team Nord',
      coordinatorIds: [coordinator!.id],
      memberIds: [coordinator!.id, participant!.id],
    });
  });

  it('creates a user, finds them by search and deactivates them in bulk', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url('/coordination/users'));
    await expect.poll(() => heading(page).textContent()).toBe('Benutzer');
    await expect.poll(() => rowOf(page, 'Participant, Paula').count()).toBe(1);
    await expectAccessible(page, 'user list');
    await screenshot(page, 'users-de');

    await page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neuer Benutzer' });
    await drawer.locator('input[name="firstName"]').fill('Jürgen');
    await drawer.locator('input[name="lastName"]').fill('Großmann');
    await drawer.locator('input[name="email"]').fill('juergen.grossmann@demo.example');
    await drawer.getByRole('combobox', { name: 'Gruppen' }).click();
    await page.getByRole('listbox', { name: 'Gruppen' }).getByRole('option', { name: 'Team Nord' }).click();
    await page.keyboard.press('Escape');
    await settle(page);
    await expectAccessible(page, 'user drawer');
    await screenshot(page, 'user-drawer-de');
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await page.getByRole('searchbox', { name: 'Suche' }).fill('großm');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const row = rowOf(page, 'Großmann, Jürgen');
    await expect.poll(() => row.textContent()).toContain('Team Nord');
    await expect.poll(() => row.textContent()).toContain('Aktiv');

    await row.getByRole('checkbox').check();
    await page.getByRole('combobox', { name: 'Sammelaktion' }).selectOption('deactivate');
    await page.getByRole('button', { name: 'Auf 1 Benutzer anwenden' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bitte bestätigen' });
    await expect.poll(() => confirm.textContent()).toContain('1 Benutzer deaktivieren');
    await settle(page);
    await expectAccessible(page, 'bulk confirmation');
    await confirm.getByRole('button', { name: 'Ja, ausführen' }).click();
    await expect.poll(() => rowOf(page, 'Großmann, Jürgen').textContent()).toContain('Inaktiv');
    await screenshot(page, 'users-after-bulk-de');

    const [stored] = await server.db.all<{ is_active: number | boolean }>(
      'select is_active from users where email = ?',
      ['juergen.grossmann@demo.example'],
    );
    expect(Boolean(stored?.is_active)).toBe(false);
    await context.close();
  });

  it("keeps an admin's own status fields and the reseller roles out of the admin's reach", async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'admin@demo.example');
    await page.goto(server.url('/coordination/users'));
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Anna');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Admin, Anna' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByRole('switch', { name: 'Aktiv' }).isDisabled()).toBe(true);
    await expect
      .poll(() => drawer.textContent())
      .toContain('Ihren eigenen Status kann nur ein anderer Administrator ändern.');
    await settle(page);
    await expectAccessible(page, 'own user drawer');
    await screenshot(page, 'own-user-drawer-de');
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Suche' }).fill('participant@demo');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Participant, Paula' }).click();
    const role = page.getByRole('dialog').getByRole('combobox', { name: 'Rolle' });
    await expect.poll(() => role.isEnabled()).toBe(true);
    const options = await role.locator('option').allTextContents();
    for (const refused of ['Reseller', 'Reseller-Koordination', 'Administration', 'Superadministration'])
      expect(options).not.toContain(refused);
    await context.close();
  });

  it('shows the groups screen and the account page, in English too', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'admin@demo.example');
    await page.goto(server.url('/coordination/groups'));
    await expect.poll(() => heading(page).textContent()).toBe('Gruppen');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Team Nord' }).count()).toBe(1);
    await expectAccessible(page, 'groups');
    await screenshot(page, 'groups-de');
    await page.getByRole('button', { name: 'Team Nord' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Gruppe bearbeiten' }).isVisible()).toBe(true);
    await settle(page);
    await expectAccessible(page, 'group drawer');
    await screenshot(page, 'group-drawer-de');
    await page.keyboard.press('Escape');

    await page.goto(server.url('/account'));
    await expect.poll(() => heading(page).textContent()).toBe('Mein Konto');
    await expect.poll(() => page.getByText('admin@demo.example').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'account');
    await screenshot(page, 'account-de');
    await page.getByRole('combobox', { name: 'Sprache' }).first().selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('My account');
    await screenshot(page, 'account-en');
    await page.goto(server.url('/coordination/users'));
    await expect.poll(() => heading(page).textContent()).toBe('Users');
    await screenshot(page, 'users-en');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Import users from CSV' }).isVisible()).toBe(true);
    await settle(page);
    await expectAccessible(page, 'import dialog');
    await context.close();
  });
  it('imports a CSV with a preview, a progress bar and a report', async () => {
    const { context, page } = await openPage(browser);
    // The admin chose English in the journey before; the superadmin still reads German.
    await signIn(page, server, 'superadmin@demo.example');
    await page.goto(server.url('/coordination/users'));
    await page.getByRole('button', { name: 'CSV importieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzer aus CSV importieren' });
    const csv =
      'Vorname;Nachname;E-Mail;Gruppen\nÄnne;Müller;aenne@demo.example;Team Nord\nÖmer;Yılmaz;oemer@demo.example;\nPaula;Doppelt;participant@demo.example;\n';
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'benutzer.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Hochladen und Vorschau' }).click();
    await expect.poll(() => dialog.textContent()).toContain('3 Zeilen: 2 importierbar, 1 mit Problem.');
    await expect.poll(() => dialog.textContent()).toContain('Die E-Mail-Adresse existiert bereits (übersprungen).');
    await settle(page);
    await expectAccessible(page, 'import preview');
    await screenshot(page, 'import-preview-de');
    await dialog.getByRole('button', { name: '2 Benutzer importieren' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 })
      .toContain('2 angelegt, 1 übersprungen');
    await screenshot(page, 'import-done-de');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Bericht herunterladen' }).click();
    expect((await download).suggestedFilename()).toBe('import-report.csv');
    await dialog.getByRole('button', { name: 'Schließen' }).first().click();
    await page.getByRole('searchbox', { name: 'Suche' }).fill('müller');
    await expect.poll(() => rowOf(page, 'Müller, Änne').textContent()).toContain('Team Nord');
    await context.close();
  });

  it('previews a Windows-1252 file as German Excel saves it, and names the line of a file in no known encoding', async () => {
    // Issue 28: umlauts became U+FFFD and the "Straße" column was dropped, with 0 issues shown.
    const excel = Buffer.from(
      'Vorname;Nachname;E-Mail;Straße;Aktiv\r\nGisela;Müller-Weiß;gisela@demo.example;Hauptstraße 5;WAHR\r\n',
      'latin1',
    );
    const broken = Buffer.concat([excel, Buffer.from('M\x81ller;X;x@demo.example;;\r\n', 'latin1')]);
    for (const [login, texts] of [
      [
        'superadmin@demo.example',
        {
          open: 'CSV importieren',
          title: 'Benutzer aus CSV importieren',
          upload: 'Hochladen und Vorschau',
          summary: '1 Zeile: 1 importierbar, 0 mit Problem.',
        },
      ],
      [
        'admin@demo.example',
        {
          open: 'Import CSV',
          title: 'Import users from CSV',
          upload: 'Upload and preview',
          summary: '1 row: 1 ready to import, 0 with a problem.',
        },
      ],
    ] as const) {
      const { context, page } = await openPage(browser);
      await signIn(page, server, login);
      await page.goto(server.url('/coordination/users'));
      await page.getByRole('button', { name: texts.open }).click();
      const dialog = page.getByRole('dialog', { name: texts.title });
      const file = dialog.locator('input[type="file"]');
      const lang = login.startsWith('admin') ? 'en' : 'de';
      await file.setInputFiles({ name: 'benutzer.csv', mimeType: 'text/csv', buffer: broken });
      await dialog.getByRole('button', { name: texts.upload }).click();
      await expect
        .poll(() => dialog.getByRole('alert').textContent())
        .toMatch(lang === 'de' ? /^Zeile 3 der Datei ist weder UTF-8/ : /^Line 3 of the file is neither UTF-8/);
      await settle(page);
      await expectAccessible(page, `import encoding error ${lang}`);
      await screenshot(page, `import-encoding-error-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `import-encoding-error-${lang}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await file.setInputFiles({ name: 'benutzer.csv', mimeType: 'text/csv', buffer: excel });
      await dialog.getByRole('button', { name: texts.upload }).click();
      await expect.poll(() => dialog.textContent()).toContain('Müller-Weiß');
      expect(await dialog.textContent()).toContain('Hauptstraße 5');
      expect(await dialog.textContent()).toContain(texts.summary);
      expect(await dialog.textContent()).not.toContain('\uFFFD');
      await settle(page);
      await screenshot(page, `import-1252-preview-${lang}`);
      await context.close();
    }
  });
});
