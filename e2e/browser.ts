import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, type TestServer } from './harness';

const SHOTS_DIR = '/tmp/shots';

/**
 * Debian's Chromium, never a downloaded one; every host name resolves to 127.0.0.1 (beta.localhost, nowhere.example).
 * `extraArgs` go after these flags, for a journey that needs more of the browser (the Entra sign-in's certificate).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--host-resolver-rules=MAP * 127.0.0.1',
      ...extraArgs,
    ],
  });
}

export interface PageOptions {
  /** Leave the cookie dialog open (only the journey about it wants that). */
  showCookieDialog?: boolean;
  locale?: string;
}

/** A fresh context (no cookies, no storage) and its page. */
export async function openPage(
  browser: Browser,
  opts: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: opts.locale ?? 'de-DE' });
  // Init scripts run in every frame; a sandboxed one (the player's content) has no localStorage and throws.
  if (!opts.showCookieDialog)
    await context.addInitScript(() => {
      try {
        localStorage.setItem('lms.cookieConsent', 'accepted');
      } catch {
        // not the app's frame
      }
    });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  if (process.env.E2E_DEBUG === '1') {
    page.on('console', (msg) => console.log(`[console ${msg.type()}] ${msg.text()}`));
    page.on('response', (res) => console.log(`[response] ${res.status()} ${res.request().method()} ${res.url()}`));
    page.on('requestfailed', (req) => console.log(`[failed] ${req.method()} ${req.url()} ${req.failure()?.errorText}`));
  }
  return { context, page };
}

let settleCalls = 0;
/**
 * Drawers and modals fade in, and axe measures colour contrast at the opacity it finds: wait until no transition
 * runs (endless ones, such as a loader's spin, never end and are left out).
 */
export const settle = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    (token) => {
      // Quiet for 150 ms in a row: a notification that mounts just after a first quiet moment (an upload's "saved")
      // starts its fade-in within that time, and axe would otherwise measure it half transparent.
      const w = window as unknown as { lmsSettle?: { token: number; since: number | null } };
      if (w.lmsSettle?.token !== token) w.lmsSettle = { token, since: null };
      // A Mantine notification fades in through its wrapper's inline opacity; axe measured one at a fraction of it
      // after the animations had gone quiet (CI, certificate-templates: .m_3d733a3a). So each notification and
      // its ancestors must stand at full opacity too.
      const opaque = Array.from(document.querySelectorAll('.mantine-Notification-root')).every((el) => {
        for (let at: Element | null = el; at; at = at.parentElement)
          if (Number(getComputedStyle(at).opacity) < 1) return false;
        return true;
      });
      const quiet =
        opaque &&
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
      if (!quiet) w.lmsSettle.since = null;
      else w.lmsSettle.since ??= performance.now();
      return w.lmsSettle.since !== null && performance.now() - w.lmsSettle.since >= 150;
    },
    ++settleCalls,
    { polling: 50 },
  );

const NOTIFICATIONS_WITHOUT_FADES =
  '.mantine-Notifications-root, .mantine-Notifications-root * { transition: none !important; }';

/** axe-core's source, run only where a frame has none yet (AxeBuilder sends it on every check, twice to the page). */
const AXE_ONCE = `if (!window.axe) {\n${axe.source}\n}`;

export interface AccessibleOptions {
  /** What is not the app's own page; a list is a path into frames (the player frame, then the package's frame). */
  exclude?: Array<string | string[]>;
  /**
   * Also check cross-origin frames (our player frame on the content origin). That takes axe's partial runs, merged in
   * a blank page opened for each check; without them a check of the screens walk took 0.86 s instead of 1.54 s
   * (2026-11-28), so only the journeys that show such a frame ask for it.
   */
  crossOriginFrames?: boolean;
}

/**
 * WCAG 2.1 A and AA: a journey fails on any serious or critical violation. `exclude` leaves out what is not the app's
 * own page, such as the module player frame (the content origin's page, with the package's author's pages inside).
 */
export async function expectAccessible(page: Page, screen: string, opts: AccessibleOptions = {}): Promise<void> {
  // A notification that closes on its own (after 4 s) fades out while axe measures, and axe took it half transparent
  // for a contrast failure (CI, course-covers, after settle() had seen it opaque). Without their transitions,
  // notifications stand either at full opacity or at none (hidden, which axe skips); their timers are unchanged.
  await page.addStyleTag({ content: NOTIFICATIONS_WITHOUT_FADES });
  await settle(page);
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE })
    // Only the violations are read: axe then keeps one node of each passed rule, not every one (less to send back).
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(!opts.crossOriginFrames);
  for (const selector of opts.exclude ?? []) builder.exclude(selector);
  const result = await builder.analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  if (bad.length > 0 && process.env.E2E_DEBUG === '1') console.log(`[axe ${screen}]\n${bad.join('\n')}`);
  expect(bad.join('\n'), `accessibility of ${screen}`).toBe('');
}

/**
 * Before a picture of the whole page: the pictures on it have loaded (a broken one counts as done; after 5 s the
 * page is taken as it stands). screenshot() makes the window as tall as the page, so lazy pictures below the fold
 * start loading then; a full-page capture does not scroll, so with `eager` they are asked for at once (which changes
 * their loading attribute: only for captures after which nothing checks it, such as the walk's). Without this, a
 * course card below the fold showed as an empty box in the walk's captures.
 */
export async function picturesLoaded(page: Page, { eager = false }: { eager?: boolean } = {}): Promise<void> {
  if (eager)
    await page
      .evaluate(() => {
        for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager';
      })
      .catch(() => undefined);
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  // A viewport as tall as the page, rather than fullPage, keeps the fixed header and footer where a user sees them.
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await picturesLoaded(page);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
  await page.setViewportSize(size);
}

export interface WidthsOptions {
  /** The widths, in this order (default 1280 px, then 390 px: a phone). */
  widths?: readonly number[];
  /** Takes a width's picture (default: screenshot(), `<name>-<width>.png` in /tmp/shots, as tall as the page). */
  capture?: (width: number) => Promise<void>;
  /** Checks the screen at each width after its picture (axe, sideways scroll, ...). */
  check?: (width: number) => Promise<void>;
}

/**
 * Screenshots at 1280 px and at 390 px (a phone), each the page's full height: `<name>-1280.png`, `<name>-390.png`.
 * A walk of many screens names its own widths, pictures and checks (e2e/route-walk.e2e.ts).
 */
export async function screenshotsAtWidths(page: Page, name: string, opts: WidthsOptions = {}): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of opts.widths ?? [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    if (opts.capture) await opts.capture(width);
    else await screenshot(page, `${name}-${width}`);
    await opts.check?.(width);
  }
  await page.setViewportSize(original);
}

/** Fills and sends the login form; the caller asserts where it lands. */
export async function submitLogin(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.locator('input[name="emailOrUsername"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

export async function signIn(page: Page, server: TestServer, login: string, host = 'localhost'): Promise<void> {
  await page.goto(server.url('/login', host));
  await submitLogin(page, login);
  await page.waitForURL((url) => url.pathname !== '/login');
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * A signed-in user switches the language in the header (named `name` in the current one) and the switch waits until
 * the server saved it (POST /api/user/locale): a page loaded before that shows the old language again (CI once saw
 * German after a switch to English and a goto on PostgreSQL).
 */
export async function switchLanguage(page: Page, locale: 'de-DE' | 'en-US' | 'fr-FR', name = 'Sprache'): Promise<void> {
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/locale' && r.ok());
  await page.getByRole('combobox', { name }).selectOption(locale);
  await saved;
}

/** Opens the header's user menu (name and role, my account, language, sign out). */
export async function openUserMenu(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Benutzermenü von|User menu of|Menu utilisateur de) / })
    .click();
  await page.getByRole('menu').waitFor();
}

/** Signs out through the user menu (its last entry). */
export async function signOutByMenu(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: /^(Abmelden|Log out|Se déconnecter)$/ }).click();
}
