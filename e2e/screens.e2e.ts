import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, openUserMenu, settle, signIn } from './browser';
import { useJourney } from './journey';
import { apiIdle, capture, chooseLocale, navigateInApp, sidewaysScroll, trackApi } from './walk-helpers';

// Issue 12, "Screenshot journeys": every route of spec section 2 that exists, as the role that uses it, at 1280 px in
// German and English and at 390 px in German. Each screen must not scroll sideways and axe must find no serious or
// critical violation; the screenshots go to a folder outside the repository (LMS_SCREENS_DIR or the temp folder),
// for a person to look at. One server, one browser, one sign-in per role.

const SHOTS = process.env.LMS_SCREENS_DIR ?? path.join(os.tmpdir(), 'lms-screens');
/** For a quicker look at a few screens: a pattern their labels must match (e.g. "courses-de-390"). */
const ONLY = process.env.LMS_SCREENS_ONLY ? new RegExp(process.env.LMS_SCREENS_ONLY) : undefined;

interface Screen {
  name: string;
  /** A path, or how to find it once the screens before it have run (standard mail templates appear when listed). */
  path: string | (() => Promise<string | undefined>);
  host?: string;
  /** What is not the app's own page (the module player's content frame). */
  exclude?: string[];
  /** Load the page afresh (a screen reached only by loading it, such as the sign-out page). */
  reload?: boolean;
}

interface Variant {
  width: number;
  locale: 'de-DE' | 'en-US';
}

const VARIANTS: Variant[] = [
  { width: 1280, locale: 'de-DE' },
  { width: 390, locale: 'de-DE' },
  { width: 1280, locale: 'en-US' },
];

interface Ids {
  demo: string;
  beta: string;
  course: string;
  module: string;
  training: string;
  certificateTemplate: string | undefined;
  /** The first of Demo's mail templates (made when the list first shows). */
  mailTemplate: () => Promise<string | undefined>;
}

/** The screens of spec section 2 per role that uses them. */
function screensOf(ids: Ids): Array<{ login: string; screens: Screen[] }> {
  return [
    {
      login: 'participant@demo.example',
      screens: [
        { name: 'dashboard', path: '/' },
        { name: 'training', path: `/training/${ids.training}` },
        { name: 'training-progress', path: `/training/${ids.training}/progress` },
        { name: 'module', path: `/training/${ids.training}/module/${ids.module}`, exclude: ['iframe'] },
        { name: 'account', path: '/account' },
        { name: 'documents', path: '/documents' },
        { name: 'documents-certificates', path: '/documents/certificates' },
        { name: 'faq', path: '/faq' },
        { name: 'about', path: '/about' },
        { name: 'password-change', path: '/password-change-required' },
      ],
    },
    {
      login: 'coordinator@demo.example',
      screens: [
        { name: 'coordinator-home', path: '/' },
        { name: 'users', path: '/coordination/users' },
        { name: 'groups', path: '/coordination/groups' },
        { name: 'trainings', path: '/coordination/trainings' },
        { name: 'training-status', path: `/coordination/trainings/${ids.training}` },
        { name: 'documents-all', path: '/documents/all' },
      ],
    },
    {
      login: 'content@demo.example',
      screens: [
        { name: 'courses', path: '/content/courses' },
        { name: 'course', path: `/content/courses/${ids.course}` },
        { name: 'course-modules', path: `/content/courses/${ids.course}/modules` },
        { name: 'course-files', path: `/content/courses/${ids.course}/files` },
        { name: 'certificate-templates', path: '/content/certificate-template' },
        ...(ids.certificateTemplate
          ? [{ name: 'certificate-template', path: `/content/certificate-template/${ids.certificateTemplate}` }]
          : []),
        { name: 'mail-templates', path: '/content/mail-template' },
        {
          name: 'mail-template',
          path: async () => {
            const id = await ids.mailTemplate();
            return id && `/content/mail-template/${id}`;
          },
        },
        { name: 'mail-queue', path: '/content/mail-queue' },
      ],
    },
    {
      login: 'reseller@demo.example',
      screens: [
        { name: 'clients', path: '/reseller/clients' },
        { name: 'client', path: `/reseller/clients/${ids.beta}` },
        { name: 'client-smtp', path: `/reseller/clients/${ids.beta}/smtp` },
        { name: 'client-tokens', path: `/reseller/clients/${ids.beta}/tokens` },
      ],
    },
    {
      login: 'admin@demo.example',
      screens: [
        { name: 'admin-home', path: '/' },
        { name: 'own-client', path: `/reseller/clients/${ids.demo}` },
      ],
    },
  ];
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: '/login' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'imprint', path: '/client/imprint' },
  { name: 'privacy-policy', path: '/client/privacy-policy' },
  { name: 'faq-public', path: '/faq' },
  { name: 'about-public', path: '/about' },
  { name: 'logout', path: '/logout', reload: true },
  { name: 'not-found', path: '/nowhere' },
  { name: 'client-not-found', path: '/', host: 'nowhere.localhost' },
];

describe('screens: every route at 1280 px (de, en) and 390 px (de)', () => {
  const { server, browser } = useJourney({ keepDemoTraining: true });
  let ids: Ids;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const one = async (sql: string, params: string[] = []) => (await server.db.all<{ id: string }>(sql, params))[0]?.id;
    const demo = await one("SELECT id FROM clients WHERE name = 'Demo'");
    const beta = await one("SELECT id FROM clients WHERE name = 'Beta'");
    const training = await one('SELECT id, course_id FROM trainings WHERE client_id = ?', [demo ?? '']);
    const course = (
      await server.db.all<{ course_id: string }>('SELECT course_id FROM trainings WHERE id = ?', [training ?? ''])
    )[0]?.course_id;
    const module = await one('SELECT id FROM modules WHERE course_id = ?', [course ?? '']);
    const mailTemplate = () => one('SELECT id FROM mail_templates WHERE client_id = ? ORDER BY id', [demo ?? '']);
    const certificateTemplate = await one('SELECT id FROM certificate_templates WHERE client_id = ?', [demo ?? '']);
    if (!demo || !beta || !training || !course || !module)
      throw new Error(`demo data missing: ${JSON.stringify({ demo, beta, training, course, module })}`);
    ids = { demo, beta, course, module, training, mailTemplate, certificateTemplate };
  });

  /** Opens a screen and checks it; a problem is collected, so one run reports every screen. */
  async function visit(page: Page, screen: Screen, variant: Variant, problems: string[]): Promise<void> {
    const label = `${screen.name}-${variant.locale.slice(0, 2)}-${variant.width}`;
    if (ONLY && !ONLY.test(label)) return;
    const pathname = typeof screen.path === 'string' ? screen.path : await screen.path();
    if (!pathname) return void problems.push(`${label}: no path (its data is missing)`);
    const target = server.url(pathname, screen.host);
    if (new URL(page.url()).host === new URL(target).host && !screen.reload) {
      await navigateInApp(page, pathname);
      await apiIdle(page);
    } else await page.goto(target);
    await heading(page).first().waitFor();
    await apiIdle(page);
    await settle(page);
    const overflow = await sidewaysScroll(page);
    if (overflow > 0) problems.push(`${label}: scrolls sideways by ${overflow} px`);
    // The whole page, footer included (a viewport as tall as the page would stretch the shell's 100dvh again).
    await capture(page, path.join(SHOTS, `${label}.png`));
    try {
      await expectAccessible(page, label, { exclude: screen.exclude });
    } catch (err) {
      // The assertion's `actual` holds every violation in full (its message is cut short).
      const actual = (err as { actual?: unknown }).actual;
      problems.push(`${label}: ${typeof actual === 'string' ? actual : String(err)}`);
    }
  }

  /** The user menu names the user and reaches /account from this screen. */
  async function checkUserMenu(page: Page, screen: Screen, problems: string[]): Promise<void> {
    await openUserMenu(page);
    const account = page.getByRole('menuitem', { name: 'Mein Konto' });
    if ((await account.getAttribute('href')) !== '/account')
      problems.push(`${screen.name}: no "Mein Konto" → /account`);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
  }

  it('the public screens', async () => {
    const { context, page } = await openPage(browser);
    trackApi(page);
    const problems: string[] = [];
    for (const variant of VARIANTS) {
      await page.setViewportSize({ width: variant.width, height: 844 });
      await page.goto(server.url('/login'));
      await heading(page).waitFor();
      await chooseLocale(page, variant.locale);
      for (const screen of PUBLIC_SCREENS) await visit(page, screen, variant, problems);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('the logo of the client shows on the login page and in the header, from its data', async () => {
    const { context, page } = await openPage(browser);
    const logoUrl = async () =>
      page.evaluate(async () => ((await (await fetch('/api/client/current')).json()) as { logoUrl: string }).logoUrl);
    const shown = async () => {
      const img = page.getByRole('banner').getByRole('img', { name: 'Logo von Demo' });
      await img.waitFor();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      return img.getAttribute('src');
    };
    await page.goto(server.url('/login'));
    const url = await logoUrl();
    expect(url).toMatch(/^\/api\/client\/current\/logo\?v=/);
    expect(await shown()).toBe(url);
    await signIn(page, server, 'participant@demo.example');
    expect(await shown()).toBe(url);
    // Beta has its own logo, from its own data.
    await page.goto(server.url('/login', 'beta.localhost'));
    const betaUrl = await logoUrl();
    const betaImg = page.getByRole('banner').getByRole('img', { name: 'Logo von Beta' });
    expect(await betaImg.getAttribute('src')).toBe(betaUrl);
    await context.close();
  });

  it('the user menu reaches /account', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await heading(page).waitFor();
    await openUserMenu(page);
    const menu = page.getByRole('menu');
    expect(await menu.textContent()).toContain('Conrad Coordinator');
    expect(await menu.textContent()).toContain('Koordination');
    await page.getByRole('menuitem', { name: 'Mein Konto' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await heading(page).waitFor();
    // On a phone the same menu is in the header.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url('/coordination/users'));
    await heading(page).waitFor();
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Mein Konto' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await context.close();
  });

  it('the signed-in screens of every role', async () => {
    const problems: string[] = [];
    for (const { login, screens } of screensOf(ids)) {
      const { context, page } = await openPage(browser);
      trackApi(page);
      await signIn(page, server, login);
      await heading(page).first().waitFor();
      for (const variant of VARIANTS) {
        await page.setViewportSize({ width: variant.width, height: 844 });
        await chooseLocale(page, variant.locale);
        for (const screen of screens) {
          await visit(page, { ...screen, name: `${login.split('@')[0]}-${screen.name}` }, variant, problems);
          if (variant.width === 1280 && variant.locale === 'de-DE') await checkUserMenu(page, screen, problems);
        }
      }
      await chooseLocale(page, 'de-DE');
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 900_000);
});
