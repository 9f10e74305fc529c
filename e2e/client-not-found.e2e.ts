import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot } from './browser';
import { useJourney } from './journey';

describe('an unknown host (ARCHITECTURE section 4)', () => {
  const { server, browser } = useJourney();

  it('shows the client-not-found page for every path', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/coordination/users', 'nowhere.example'));
    await page.waitForURL(server.url('/404/client-not-found', 'nowhere.example'));
    await expect.poll(() => heading(page).textContent()).toBe('Instanz nicht gefunden');
    await expect
      .poll(() => page.getByRole('main').textContent())
      .toContain('Die angeforderte Instanz existiert nicht. Bitte prüfen Sie die URL.');
    await expectAccessible(page, 'client not found');
    await screenshot(page, 'client-not-found-de');

    // The flag sends in-app navigation there too (the brand link would go home).
    await page.getByRole('link', { name: 'Schulungsplattform' }).click();
    await page.waitForURL(server.url('/404/client-not-found', 'nowhere.example'));

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Instance not found');
    await screenshot(page, 'client-not-found-en');
    await context.close();
  });

  it('serves a known second client on its own host with its own colours', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login', 'beta.localhost'));
    await expect.poll(() => page.getByRole('link', { name: 'Beta' }).count()).toBe(1);
    const colour = await page
      .locator('form button[type="submit"]')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).toBe('rgb(122, 62, 157)');
    await expectAccessible(page, 'login of Beta');
    await context.close();
  });
});
