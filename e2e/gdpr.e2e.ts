import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshotsAtWidths, settle, signIn } from './browser';
import { useJourney } from './journey';

// Issue 30 point 4: a participant downloads "my data" from the account page; an admin exports and erases a user
// from the user drawer, the erasure behind a typed confirmation. axe on every screen, de and en, 1280 and 390 px.

const PARTICIPANT = 'participant@demo.example';

async function zipOf(page: Page, click: () => Promise<void>): Promise<{ name: string; head: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), head: Buffer.concat(chunks).subarray(0, 2).toString('latin1') };
}

describe('GDPR requests in the browser', () => {
  const { server, browser } = useJourney();

  for (const locale of ['de-DE', 'en-US'] as const) {
    it(`a participant requests their data, follows the progress and downloads the zip (${locale})`, async () => {
      await server.db.run('UPDATE users SET locale = ? WHERE email_normalized = ?', [locale, PARTICIPANT]);
      const de = locale === 'de-DE';
      const { context, page } = await openPage(browser, { locale });
      await signIn(page, server, PARTICIPANT);
      await page.goto(server.url('/account'));
      await expect.poll(() => heading(page).textContent()).toBe(de ? 'Mein Konto' : 'My account');
      const section = page.getByRole('region', {
        name: de ? 'Meine Daten herunterladen (DSGVO)' : 'Download my data (GDPR)',
      });
      await section.getByRole('button', { name: de ? 'Meine Daten anfordern' : 'Request my data' }).click();
      const download = section.getByRole('button', { name: de ? 'ZIP herunterladen' : 'Download zip' });
      await expect.poll(() => download.isVisible(), { timeout: 30_000 }).toBe(true);
      await expectAccessible(page, `account page with my data (${locale})`);
      await screenshotsAtWidths(page, `gdpr-account-${locale}`);
      const zip = await zipOf(page, () => download.click());
      expect(zip.name).toMatch(/^data-export-\d{4}-\d{2}-\d{2}\.zip$/);
      expect(zip.head).toBe('PK');
      await context.close();
    });
  }

  for (const locale of ['de-DE', 'en-US'] as const) {
    it(`an admin exports a user's data and erases them after typing their name (${locale})`, async () => {
      const de = locale === 'de-DE';
      const email = `gdpr-${locale.toLowerCase()}@demo.example`;
      const last = de ? 'Löschbar' : 'Erasable';
      await server.db.run("UPDATE users SET locale = ? WHERE email_normalized = 'admin@demo.example'", [locale]);
      const { context, page } = await openPage(browser, { locale });
      await signIn(page, server, 'admin@demo.example');
      await page.goto(server.url('/coordination/users'));
      await page.getByRole('button', { name: de ? 'Neuer Benutzer' : 'New user' }).click();
      const create = page.getByRole('dialog', { name: de ? 'Neuer Benutzer' : 'New user' });
      await create.locator('input[name="firstName"]').fill('Gerda');
      await create.locator('input[name="lastName"]').fill(last);
      await create.locator('input[name="email"]').fill(email);
      await create.getByRole('button', { name: de ? 'Speichern' : 'Save' }).click();
      await expect.poll(() => create.isVisible()).toBe(false);

      await page.getByRole('searchbox', { name: de ? 'Suche' : 'Search' }).fill(email);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await page.getByRole('button', { name: `${last}, Gerda` }).click();
      const drawer = page.getByRole('dialog');
      const gdpr = drawer.getByRole('region', { name: de ? 'Datenschutz (DSGVO)' : 'Data protection (GDPR)' });
      await gdpr.getByRole('button', { name: de ? 'Daten exportieren' : 'Export data' }).click();
      const download = gdpr.getByRole('button', { name: de ? 'ZIP herunterladen' : 'Download zip' });
      await expect.poll(() => download.isVisible(), { timeout: 30_000 }).toBe(true);
      await settle(page);
      await expectAccessible(page, `user drawer with GDPR (${locale})`);
      await screenshotsAtWidths(page, `gdpr-user-drawer-${locale}`);
      expect((await zipOf(page, () => download.click())).head).toBe('PK');

      await gdpr.getByRole('button', { name: de ? 'Person löschen (DSGVO)' : 'Erase person (GDPR)' }).click();
      const modal = page.getByRole('dialog', { name: de ? 'Person endgültig löschen' : 'Erase person for good' });
      const erase = modal.getByRole('button', { name: de ? 'Endgültig löschen' : 'Erase for good' });
      expect(await erase.isDisabled()).toBe(true);
      await modal.getByRole('textbox').fill('Gerda Falsch');
      expect(await erase.isDisabled()).toBe(true);
      await modal.getByRole('textbox').fill(`Gerda ${last}`);
      await expect.poll(() => erase.isEnabled()).toBe(true);
      await settle(page);
      await expectAccessible(page, `erase confirmation (${locale})`);
      await screenshotsAtWidths(page, `gdpr-erase-${locale}`);
      await erase.click();
      await expect.poll(() => modal.isVisible()).toBe(false);
      const rows = await server.db.all<{ n: number }>('select count(*) as n from users where email_normalized = ?', [
        email,
      ]);
      expect(Number(rows[0]?.n)).toBe(0);
      await context.close();
    });
  }
});
