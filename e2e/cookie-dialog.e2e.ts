import { describe, expect, it } from 'vitest';
import { expectAccessible, openPage, screenshot } from './browser';
import { useJourney } from './journey';

describe('the cookie dialog (spec section 2: accept, reject; remembered)', () => {
  const { server, browser } = useJourney();

  for (const [choice, button] of [
    ['rejected', 'Ablehnen'],
    ['accepted', 'Akzeptieren'],
  ] as const) {
    it(`remembers "${choice}" across reloads`, async () => {
      const { context, page } = await openPage(browser, { showCookieDialog: true });
      await page.goto(server.url('/login'));
      const dialog = page.getByRole('dialog', { name: 'Cookies' });
      await dialog.waitFor();
      if (choice === 'rejected') {
        await expectAccessible(page, 'cookie dialog');
        await screenshot(page, 'cookie-dialog-de');
      }
      await dialog.getByRole('button', { name: button }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('lms.cookieConsent'))).toBe(choice);
      await page.reload();
      await page.locator('input[name="emailOrUsername"]').waitFor();
      expect(await page.getByRole('dialog', { name: 'Cookies' }).count()).toBe(0);
      await context.close();
    });
  }

  it('is in English too', async () => {
    const { context, page } = await openPage(browser, { showCookieDialog: true });
    await page.goto(server.url('/login'));
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await page.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Reject' }).waitFor();
    await screenshot(page, 'cookie-dialog-en');
    await context.close();
  });
});
