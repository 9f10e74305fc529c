import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, submitLogin } from './browser';
import { setPlatformActive } from './database';
import { useJourney } from './journey';

describe('a closed platform (DECISIONS "platform active")', () => {
  const { server, browser } = useJourney();
  beforeAll(async () => {
    // Before the first request to Beta, so the server's short tenant cache never held the open state.
    await setPlatformActive(server.db, 'beta.localhost', false);
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
