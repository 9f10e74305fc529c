import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, signIn } from './browser';
import { resetLocales } from './database';
import { useJourney } from './journey';

describe('the API client policy (ARCHITECTURE section 5) and the page-load error (spec section 9)', () => {
  const { server, browser } = useJourney();
  beforeEach(async () => {
    await resetLocales(server.db);
  });

  it('retries network errors and then succeeds', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    let calls = 0;
    await page.route('**/api/user/locale', async (route) => {
      calls++;
      if (calls <= 2) return route.abort('connectionreset');
      return route.continue();
    });
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect
      .poll(
        async () =>
          (
            await server.db.all<{ locale: string }>('SELECT locale FROM users WHERE email_normalized = ?', [
              'participant@demo.example',
            ])
          )[0]?.locale,
        { timeout: 10_000 },
      )
      .toBe('en-US');
    expect(calls).toBe(3);
    await context.close();
  });

  it('retries 399 three times, then shows "Session expired"', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    let calls = 0;
    const at: number[] = [];
    await page.route('**/api/user/locale', (route) => {
      calls++;
      at.push(Date.now());
      return route.fulfill({
        status: 399,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'access_token_expired', message: 'Access token expired.' }),
      });
    });
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await page.getByRole('dialog', { name: 'Session expired' }).waitFor({ timeout: 15_000 });
    expect(calls).toBe(4);
    // The waits of the rule: 500 ms before the first retry, 2500 ms before each later one.
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? t));
    expect(gaps[0]).toBeGreaterThanOrEqual(450);
    expect(gaps[0]).toBeLessThan(2_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(2_450);
    expect(gaps[2]).toBeGreaterThanOrEqual(2_450);
    await page.waitForURL(server.url('/login'));
    await context.close();
  });

  it('ends the session on the server at logout', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'content@demo.example');
    const count = async () =>
      (
        await server.db.all<{ n: number | string }>(
          'SELECT COUNT(*) AS n FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email_normalized = ?)',
          ['content@demo.example'],
        )
      )[0]?.n;
    expect(Number(await count())).toBe(1);
    await page.goto(server.url('/logout'));
    await expect.poll(() => heading(page).textContent()).toBe('Abgemeldet');
    expect(Number(await count())).toBe(0);
    await context.close();
  });

  // Issue 28 point 7c: the docs run under their own strict policy (no inline script, framed by nobody).
  it('loads the API docs under their content security policy without a violation', async () => {
    const { context, page } = await openPage(browser);
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    const res = await page.goto(server.url('/api/docs'));
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(10);
    await page.locator('.swagger-ui .opblock-summary').first().click();
    await page.locator('.swagger-ui .opblock-body').first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows an error with a reload button when a page cannot be loaded', async () => {
    const { context, page } = await openPage(browser);
    // Chunks are named by their content hash only (apps/web/vite.config.ts), so the login page's chunk is the one
    // that holds the login form's texts.
    const scripts = /\/assets\/[^/]+\.js$/;
    await page.route(scripts, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('login.emailOrUsername')) await route.abort('connectionfailed');
      else await route.fulfill({ response });
    });
    await page.goto(server.url('/login'));
    await expect.poll(() => heading(page).textContent()).toBe('Die Seite konnte nicht geladen werden');
    await expectAccessible(page, 'page load error');
    await screenshot(page, 'load-error-de');
    await page.unroute(scripts);
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Anmelden');
    await context.close();
  });
});
