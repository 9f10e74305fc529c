import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, launchBrowser, openPage, screenshot, submitLogin } from './browser';
import { setPlatformActive } from './database';
import { startServer, type TestServer } from './harness';

describe('a closed platform (DECISIONS "platform active")', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // Before the first request to Beta, so the server's short tenant cache never held the open state.
    await setPlatformActive(server.db, 'beta.localhost', false);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the platform-inactive page to a participant who signs in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login', 'beta.localhost'));
    await submitLogin(page, 'participant@beta.example');
    await page.waitForURL(server.url('/platform-inactive', 'beta.localhost'));
    await expect.poll(() => heading(page).textContent()).toBe('Plattform nicht aktiv');
    await expectAccessible(page, 'platform inactive');
    await screenshot(page, 'platform-inactive-de');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Platform not active');
    await screenshot(page, 'platform-inactive-en');
    await context.close();
  });

  it('still lets the client admin in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login', 'beta.localhost'));
    await submitLogin(page, 'admin@beta.example');
    await page.waitForURL(server.url('/', 'beta.localhost'));
    await expect.poll(() => heading(page).textContent()).toBe('Übersicht');
    await context.close();
  });
});
