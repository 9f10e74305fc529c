import type { Page } from 'playwright-core';
import { picturesLoaded } from './browser';

// What the screen walks share (screens.e2e.ts, route-walk.e2e.ts): in-app navigation, waiting until a page has its
// code and data, a full-page capture that survives a lost frame, and the header's language switch.

const inFlight = new WeakMap<Page, { pending: number }>();

/** Counts a page's API requests in flight (called once per page). */
export function trackApi(page: Page): void {
  const state = { pending: 0 };
  inFlight.set(page, state);
  // Every request of the app's own origins (API calls, the page's code chunks and locale files).
  const isOwn = (url: string) => /^https?:\/\/[^/]*localhost[:/]/.test(url);
  page.on('request', (req) => void (isOwn(req.url()) && state.pending++));
  page.on('requestfinished', (req) => void (isOwn(req.url()) && state.pending--));
  page.on('requestfailed', (req) => void (isOwn(req.url()) && state.pending--));
}

/** Resolves once no request has been in flight for `quietMs`: the page has its code and data. */
export async function apiIdle(page: Page, quietMs = 200): Promise<void> {
  const state = inFlight.get(page);
  if (!state) return;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (state.pending > 0) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** In-app navigation, as a click on a link would do: no reload of the app for every screen (quicker). */
export async function navigateInApp(page: Page, pathname: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
}

/**
 * The whole page as a picture. Once in six runs on a busy 2-core machine (2026-11-28) Chromium never delivered the
 * frame a capture waits for (30 s timeout, fonts loaded); the same screen captured at once on the next run. So a
 * capture that has not come within 15 s is asked for once more; a second failure fails the walk as before.
 */
export async function capture(page: Page, file: string): Promise<void> {
  await picturesLoaded(page, { eager: true });
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 15_000 });
  } catch {
    await page.screenshot({ path: file, fullPage: true });
  }
}

export type WalkLocale = 'de-DE' | 'en-US' | 'fr-FR';

/** Switches the UI language with the header's switch (saved on the server for a signed-in user). */
export async function chooseLocale(page: Page, locale: WalkLocale): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.lang);
  if (current === locale) return;
  await page.getByRole('banner').getByRole('combobox').selectOption(locale);
  await page.waitForFunction((l) => document.documentElement.lang === l, locale);
}

/** How far the page scrolls sideways (0: not at all). */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The tables a reader cannot see whole, and by how much. At a desktop width every column shows without scrolling the
 * table (issue 32: the status table's last column was cut off at 1280 px). On a phone (`scrollAllowed`) a wide table
 * may scroll sideways in its own box (the learning record's cycles), but never in a box that hides what it cuts off
 * (overflow hidden or clip: out of reach). A table for screen readers only (VisuallyHidden: a 1 px box) is not shown.
 */
export const clippedTables = (page: Page, opts: { scrollAllowed?: boolean } = {}): Promise<string[]> =>
  page.evaluate(
    ({ scrollAllowed }) =>
      [...document.querySelectorAll('table')].flatMap((table) => {
        for (let box = table.parentElement; box; box = box.parentElement) {
          const overflowX = getComputedStyle(box).overflowX;
          if (overflowX === 'visible') continue;
          const over = box.scrollWidth - box.clientWidth;
          if (over <= 1 || box.clientWidth <= 1) return [];
          const scrolls = overflowX === 'auto' || overflowX === 'scroll';
          if (scrolls && scrollAllowed) return [];
          const name =
            table.querySelector('caption')?.textContent?.trim() || table.getAttribute('aria-label') || 'a table';
          return [`${name} (${over} px${scrolls ? '' : ', out of reach'})`];
        }
        return [];
      }),
    { scrollAllowed: opts.scrollAllowed ?? false },
  );
