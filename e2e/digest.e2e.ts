import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, screenshotsAtWidths, settle, signIn } from './browser';
import { useJourney } from './journey';

// Issue 31 point 4: the coordinators' weekly digest. Demo's coordinator switches it off and on again on the account
// page (the participant, who coordinates no group, is not offered it); Demo's ADMIN moves it to Wednesday on the
// client's settings tab. de and en, axe, 1280 and 390 px.

const COORDINATOR = 'coordinator@demo.example';
const PARTICIPANT = 'participant@demo.example';
const ADMIN = 'admin@demo.example';
const TEXT = {
  'de-DE': {
    account: 'Mein Konto',
    section: 'Wochenübersicht',
    label: 'Wochenübersicht per E-Mail erhalten',
    saved: 'Ihre Einstellung wurde gespeichert.',
    day: 'Wochentag der Wochenübersicht',
    wednesday: 'Mittwoch',
    save: 'Speichern',
    settingsSaved: 'Die Einstellungen wurden gespeichert.',
  },
  'en-US': {
    account: 'My account',
    section: 'Weekly digest',
    label: 'Receive the weekly digest by e-mail',
    saved: 'Your setting was saved.',
    day: 'Weekday of the weekly digest',
    wednesday: 'Wednesday',
    save: 'Save',
    settingsSaved: 'The settings were saved.',
  },
} as const;

const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};

describe('the weekly digest: the switch on the account page and the client day', () => {
  const { server, browser } = useJourney();
  let demoId = '';
  beforeAll(async () => {
    const [demo] = await server.db.all<{ id: string }>('SELECT client_id AS id FROM users WHERE email = ?', [ADMIN]);
    demoId = demo?.id ?? '';
  });
  const digestEnabled = async () => {
    const [row] = await server.db.all<{ on: unknown }>('SELECT is_digest_enabled AS "on" FROM users WHERE email = ?', [
      COORDINATOR,
    ]);
    return Boolean(row?.on);
  };

  for (const locale of ['de-DE', 'en-US'] as const) {
    it(`the coordinator switches the digest off and on again (${locale})`, async () => {
      const text = TEXT[locale];
      await server.db.run('UPDATE users SET locale = ? WHERE email = ?', [locale, COORDINATOR]);
      const { context, page } = await openPage(browser, { locale });
      await signIn(page, server, COORDINATOR);
      await page.goto(server.url('/account'));
      await expect.poll(() => heading(page).textContent()).toBe(text.account);
      const section = page.getByRole('region', { name: text.section });
      const toggle = section.getByRole('switch', { name: text.label });
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await expectAccessible(page, `account page, digest on (${locale})`);
      await section.scrollIntoViewIfNeeded();
      await screenshotsAtWidths(page, `digest-account-on-${locale}`);
      await toggle.click({ force: true });
      await page.getByText(text.saved).first().waitFor();
      await expect.poll(digestEnabled).toBe(false);
      await page.reload();
      await expect.poll(() => page.getByRole('switch', { name: text.label }).isChecked()).toBe(false);
      await expectAccessible(page, `account page, digest off (${locale})`);
      await page.getByRole('region', { name: text.section }).scrollIntoViewIfNeeded();
      await screenshotsAtWidths(page, `digest-account-off-${locale}`);
      await page.getByRole('switch', { name: text.label }).click({ force: true });
      await expect.poll(digestEnabled).toBe(true);
      await context.close();
    });
  }

  it('is not offered to a participant who coordinates no group', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, PARTICIPANT);
    await page.goto(server.url('/account'));
    await expect.poll(() => heading(page).textContent()).toBe(TEXT['de-DE'].account);
    await page.getByText(PARTICIPANT, { exact: true }).waitFor();
    await settle(page);
    expect(await page.getByRole('switch', { name: TEXT['de-DE'].label }).count()).toBe(0);
    await context.close();
  });

  for (const locale of ['de-DE', 'en-US'] as const) {
    it(`the ADMIN moves the digest to Wednesday on the settings tab (${locale})`, async () => {
      const text = TEXT[locale];
      await server.db.run('UPDATE users SET locale = ? WHERE email = ?', [locale, ADMIN]);
      const { context, page } = await openPage(browser, { locale });
      await signIn(page, server, ADMIN);
      await page.goto(server.url(`/reseller/clients/${demoId}/settings`));
      const day = page.getByRole('combobox', { name: text.day });
      await day.waitFor();
      await day.scrollIntoViewIfNeeded();
      await expectAccessible(page, `settings tab with the digest day (${locale})`);
      await screenshot(page, `digest-day-${locale}-1280`);
      await atWidth(page, 390);
      await day.scrollIntoViewIfNeeded();
      await screenshot(page, `digest-day-${locale}-390`);
      await atWidth(page, 1280);
      await day.click();
      await page.getByRole('option', { name: text.wednesday, exact: true }).click();
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.settingsSaved).waitFor();
      const [stored] = await server.db.all<{ value: string }>(
        "SELECT value FROM client_settings WHERE client_id = ? AND key = 'digest' AND subkey = 'weekday'",
        [demoId],
      );
      expect(stored?.value).toBe('3');
      await page.reload();
      await expect.poll(() => page.getByRole('combobox', { name: text.day }).inputValue()).toBe(text.wednesday);
      await server.db.run("DELETE FROM client_settings WHERE client_id = ? AND key = 'digest'", [demoId]);
      await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email = ?", [ADMIN]);
      await context.close();
    });
  }
});
