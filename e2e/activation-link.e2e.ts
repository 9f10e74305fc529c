import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot } from './browser';
import { mailedLink, useMailingJourney } from './mail-server';
import { apiAs } from './training-helpers';

// Issue 32, the activation link: with the cookie dialog open at 1280x800 its submit button and the footer's legal
// links are not covered (point 6; e2e/cookie-dialog.e2e.ts checks /login), and once used the link says so, not that
// the activation failed (point 15, as e2e/password-reset.e2e.ts checks for a reset link).

const EMAIL = 'ada.aktiv@demo.example';
const PASSWORD = 'Erst-Gesetzt-2026!';

/** The element at the centre of `target` is the target or inside it: nothing floats over it. */
const expectUncovered = async (target: Locator, what: string) => {
  await target.scrollIntoViewIfNeeded();
  const uncovered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
  expect(uncovered, what).toBe(true);
};

describe('the activation link (issue 32)', () => {
  const { server, browser, smtp } = useMailingJourney();

  it('is not covered by the cookie dialog at 1280x800, and says "already used" the second time', async () => {
    const admin = await apiAs(server, 'admin@demo.example');
    await admin.post('/users', { firstName: 'Ada', lastName: 'Aktiv', email: EMAIL, locale: 'de-DE' });
    const link = await mailedLink(smtp, EMAIL, 'init-password');

    const { context, page } = await openPage(browser, { showCookieDialog: true });
    await page.goto(link);
    await expect.poll(() => heading(page).textContent()).toBe('Konto aktivieren');
    await page.getByRole('dialog', { name: 'Cookies' }).waitFor();
    const submit = page.getByRole('button', { name: 'Konto aktivieren' });
    await expectUncovered(submit, 'the activation button');
    const legal = page.getByRole('contentinfo').getByRole('link');
    expect(await legal.count()).toBeGreaterThan(0);
    for (const link of await legal.all()) await expectUncovered(link, `footer link ${await link.textContent()}`);
    await expectAccessible(page, 'activation page with the cookie dialog');
    await screenshot(page, 'activation-cookie-dialog-de-1280');

    await page.locator('input[name="newPassword"]').fill(PASSWORD);
    await page.locator('input[name="newPasswordRepeat"]').fill(PASSWORD);
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();

    const second = await openPage(browser);
    await second.page.goto(link);
    const used = second.page.getByRole('status').filter({ hasText: 'Link bereits verwendet' });
    await used.waitFor();
    expect(await used.textContent()).not.toContain('fehlgeschlagen');
    expect(await second.page.getByText('Aktivierung fehlgeschlagen').count()).toBe(0);
    expect(await used.getByRole('link', { name: 'Zur Anmeldung' }).count()).toBe(1);
    await expectAccessible(second.page, 'used activation link');
    await screenshot(second.page, 'activation-link-used-de');
    await second.context.close();
  });
});
