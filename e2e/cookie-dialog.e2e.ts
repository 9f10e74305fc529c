import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { expectAccessible, openPage, screenshot, signIn } from './browser';
import { useJourney } from './journey';

/** The element at the centre of `target` is the target or inside it: nothing floats over it. */
const expectUncovered = async (target: Locator, what: string) => {
  const uncovered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
  expect(uncovered, what).toBe(true);
};

describe('the cookie dialog (spec section 2: accept, reject; remembered)', () => {
  const { server, browser } = useJourney();

  // Issue 32 point 6: it floated over the sign-in screens' submit buttons and the footer's legal links at 1280x800.
  it('covers no button or link, before and after signing in, at 1280 and 390 px', async () => {
    const { context, page } = await openPage(browser, { showCookieDialog: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.goto(server.url('/login'));
      await page.getByRole('dialog', { name: 'Cookies' }).waitFor();
      const submit = page.getByRole('button', { name: 'Anmelden' });
      await submit.scrollIntoViewIfNeeded();
      await expectUncovered(submit, `sign-in button at ${width} px`);
      const imprint = page.getByRole('contentinfo').getByRole('link').last();
      await imprint.scrollIntoViewIfNeeded();
      await expectUncovered(imprint, `footer link at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, server, 'participant@demo.example');
    const dialog = page.getByRole('dialog', { name: 'Cookies' });
    await dialog.waitFor();
    const header = await page.getByRole('banner').boundingBox();
    const box = await dialog.boundingBox();
    expect(box && header && box.y >= header.y + header.height).toBe(true);
    await expectUncovered(dialog.getByRole('button', { name: 'Ablehnen' }), 'the dialog under the header');
    await expectAccessible(page, 'cookie dialog, signed in');
    await screenshot(page, 'cookie-dialog-signed-in-de');
    await context.close();
  });

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
