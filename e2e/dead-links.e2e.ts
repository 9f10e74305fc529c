import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heading, openPage, signIn, signOutByMenu } from './browser';
import { useJourney } from './journey';

// Clients issue, "Dead links": no menu entry and no footer link of any role leads to the not-found page (or to the
// permission dialog: the menu shows only what the role may open, PERMISSIONS.md "Routes"), and the page it opens
// asks the API nothing that is refused (a 403 or 404 answer would be a screen that cannot work for this role).

const DEMO_LOGINS: Array<[login: string, host: string]> = [
  ['participant@demo.example', 'localhost'],
  ['coordinator@demo.example', 'localhost'],
  ['content@demo.example', 'localhost'],
  ['reseller-coordinator@demo.example', 'localhost'],
  ['reseller@demo.example', 'localhost'],
  ['admin@demo.example', 'localhost'],
  ['superadmin@demo.example', 'localhost'],
  ['participant@beta.example', 'beta.localhost'],
  ['coordinator@beta.example', 'beta.localhost'],
  ['admin@beta.example', 'beta.localhost'],
];

const NOT_FOUND = 'Seite nicht gefunden';
const FORBIDDEN = 'Berechtigungsfehler';
const LINKS = '#main-menu a[href], footer a[href]';

/** The menu (every group opened, as a user would to see its entries) once the signed-in frame shows it. */
async function openMenu(page: Page): Promise<void> {
  await page.locator('#main-menu a[href]').first().waitFor();
  const closed = page.locator('#main-menu button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** Every in-app link of the menu and the footer, by its visible name (mailto: support is not a page). */
async function collectLinks(page: Page): Promise<Array<{ name: string; href: string }>> {
  await openMenu(page);
  const links = await page
    .locator(LINKS)
    .evaluateAll((as) => as.map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })));
  return links.filter((l) => l.href.startsWith('/'));
}

/** Counts the API requests in flight, so a visit ends once the page has loaded its data. */
function trackApi(page: Page) {
  let pending = 0;
  const refused: string[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (req) => void (isApi(req.url()) && pending++));
  page.on('requestfinished', (req) => void (isApi(req.url()) && pending--));
  page.on('requestfailed', (req) => void (isApi(req.url()) && pending--));
  page.on('response', (res) => {
    if (isApi(res.url()) && (res.status() === 403 || res.status() === 404))
      refused.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  return {
    refused,
    /** Resolves once no API request has been in flight for 250 ms. */
    idle: async () => {
      let quietSince = Date.now();
      for (;;) {
        await page.waitForTimeout(50);
        if (pending > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 250) return;
      }
    },
  };
}

/**
 * Follows one link as a user does (a click, not a typed address) and says what is wrong with where it lands: the
 * not-found page, the permission dialog or a refused API call; undefined when the page works.
 */
async function follow(page: Page, link: { name: string; href: string }, api: ReturnType<typeof trackApi>) {
  const target = page
    .locator(LINKS)
    .and(page.locator(`[href="${link.href}"]`))
    .first();
  // Pages without the menu (the password change) lead back to the start, as the user would go.
  if ((await target.count()) === 0) {
    await page.goto(new URL('/', page.url()).toString());
    await openMenu(page);
  } else if (!(await target.isVisible())) await openMenu(page);
  api.refused.length = 0;
  await target.click();
  await page.waitForURL((url) => url.pathname === link.href.split('?')[0]);
  await heading(page).waitFor();
  await api.idle();
  const title = (await heading(page).textContent()) ?? '';
  const dialog = await page.getByRole('dialog', { name: FORBIDDEN }).count();
  if (title !== NOT_FOUND && dialog === 0 && api.refused.length === 0) return undefined;
  return `${link.name} -> ${link.href} (${dialog > 0 ? FORBIDDEN : title}; ${api.refused.join(', ')})`;
}

describe('no menu entry or footer link of any demo role leads to the not-found page', () => {
  const { server, browser } = useJourney();

  it.each(DEMO_LOGINS)('%s: every menu entry and footer link opens a page', async (login, host) => {
    const { context, page } = await openPage(browser);
    const api = trackApi(page);
    await signIn(page, server, login, host);
    await heading(page).waitFor();
    const links = await collectLinks(page);
    expect(links.length, 'menu and footer links').toBeGreaterThan(3);
    const broken: string[] = [];
    for (const link of links) {
      const problem = await follow(page, link, api);
      if (problem) broken.push(problem);
    }
    expect(broken, `links that end nowhere for ${login}`).toEqual([]);
    // The user menu's last entry signs out and lands on the signed-out page.
    await signOutByMenu(page);
    await page.waitForURL((url) => url.pathname === '/logout');
    await expect.poll(() => heading(page).textContent()).toBe('Abgemeldet');
    await context.close();
  });

  it('the check itself reports a link that ends on the not-found page', async () => {
    const { context, page } = await openPage(browser);
    const api = trackApi(page);
    await signIn(page, server, 'participant@demo.example');
    await openMenu(page);
    // A footer link the app does not have: a plain anchor, so the click loads the unknown address.
    await page.locator('footer').evaluate((footer) => {
      const a = document.createElement('a');
      a.href = '/nowhere';
      a.textContent = 'Nirgendwo';
      (footer.firstElementChild ?? footer).append(a);
    });
    expect(await follow(page, { name: 'Nirgendwo', href: '/nowhere' }, api)).toBe(
      `Nirgendwo -> /nowhere (${NOT_FOUND}; )`,
    );
    await context.close();
  });
});
