import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { useJourney } from './journey';

// Issue 30 point 3: Demo's ADMIN opens the audit trail of Demo, filters it by action, checks the chain and downloads
// the CSV; and keeps the retention period on the settings tab. Axe on every screen, screenshots in German and
// English at 1280 and 390 px.

const ADMIN = 'admin@demo.example';

const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};

describe('audit trail and client settings: the ADMIN of Demo', () => {
  const { server, browser } = useJourney();
  let demoId = '';
  beforeAll(async () => {
    const [demo] = await server.db.all<{ id: string }>(
      "SELECT client_id AS id FROM users WHERE email = 'admin@demo.example'",
    );
    demoId = demo?.id ?? '';
  });

  it('filters the trail by action, verifies the chain and downloads the CSV (de)', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, ADMIN);
    await page.goto(server.url(`/reseller/clients/${demoId}/audit`));
    await heading(page).waitFor();
    await page.getByRole('table').getByText('Anmeldung').first().waitFor();
    await expectAccessible(page, 'audit tab');
    await screenshot(page, 'audit-trail-de');
    await atWidth(page, 390);
    await screenshot(page, 'audit-trail-de-390');
    await atWidth(page, 1280);

    await page.getByLabel('Aktion', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Anmeldung', exact: true }).click();
    await page.getByRole('button', { name: 'Filtern' }).click();
    await expect
      .poll(async () => {
        const cells = await page.getByRole('table').locator('tbody tr td:nth-child(2)').allTextContents();
        return cells.length > 0 && cells.every((c) => c === 'Anmeldung');
      })
      .toBe(true);

    await page.getByRole('button', { name: 'Kette prüfen' }).click();
    await page.getByText('Die Kette ist unverändert.').waitFor();
    await settle(page);
    await expectAccessible(page, 'audit tab, filtered and verified');
    await screenshot(page, 'audit-trail-verified-de');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als CSV exportieren' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await file.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^seq;at;actor_kind;actor_id;actor_name;action;/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(';auth.sign-in;'))).toBe(true);
    await context.close();
  });

  it('keeps the audit retention on the settings tab, and the change shows in the trail (de)', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, ADMIN);
    await page.goto(server.url(`/reseller/clients/${demoId}/settings`));
    const retention = page.getByRole('textbox', { name: 'Aufbewahrung des Protokolls (Tage)' });
    await expect.poll(() => retention.inputValue()).toBe('1095');
    await expectAccessible(page, 'settings tab');
    await screenshot(page, 'client-settings-de');
    await atWidth(page, 390);
    await screenshot(page, 'client-settings-de-390');
    await atWidth(page, 1280);
    await retention.fill('400');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    const [stored] = await server.db.all<{ value: string }>(
      "SELECT value FROM client_settings WHERE client_id = ? AND key = 'audit' AND subkey = 'retentionDays'",
      [demoId],
    );
    expect(stored?.value).toBe('400');
    await page.goto(server.url(`/reseller/clients/${demoId}/audit`));
    await page.getByRole('table').getByText('Einstellungen geändert').first().waitFor();
    await context.close();
  });

  it('shows both tabs in English at 1280 and 390 px', async () => {
    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email = ?", [ADMIN]);
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, server, ADMIN);
    await page.goto(server.url(`/reseller/clients/${demoId}/audit`));
    await page.getByRole('table').getByText('Settings changed').first().waitFor();
    await expectAccessible(page, 'audit tab (en)');
    await screenshot(page, 'audit-trail-en');
    await atWidth(page, 390);
    await screenshot(page, 'audit-trail-en-390');
    await atWidth(page, 1280);
    await page.goto(server.url(`/reseller/clients/${demoId}/settings`));
    await expect.poll(() => page.getByRole('textbox', { name: 'Keep audit entries (days)' }).inputValue()).toBe('400');
    await expectAccessible(page, 'settings tab (en)');
    await screenshot(page, 'client-settings-en');
    await atWidth(page, 390);
    await screenshot(page, 'client-settings-en-390');
    await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email = ?", [ADMIN]);
    await context.close();
  });
});
