import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TRole } from '@lms/contracts/roles';
import { ROLES } from '@lms/contracts/roles';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEMO_USERS } from '../apps/server/src/features/demo/demo-seed';
import { expectAccessible, heading, openPage, screenshotsAtWidths, settle, signIn } from './browser';
import { useJourney } from './journey';
import { apiAs } from './training-helpers';
import {
  apiIdle,
  capture,
  chooseLocale,
  clippedTables,
  navigateInApp,
  sidewaysScroll,
  trackApi,
  type WalkLocale,
} from './walk-helpers';
import { fillPath, loadRoutes, routeSlug, routesOf, textKeys, visitorRoutes, type WalkRoute } from './walk-routes';

// Issue 32, the acceptance walk: every route of the web app's route table (apps/web/src/app/route-table.ts) that a
// role may open (the permission table), for every role and for a visitor who is not signed in, in German and English
// at 1280 and 390 px and in French at 1280 px. Each screen: a full-page screenshot into e2e/out/route-walk/<role>/
// <route>-<lang>-<width>.png (gitignored; `npx tsx e2e/contact-sheet.ts` tiles them for a person to look at), axe
// with no serious or critical violation, no sideways scroll of the page, no table wider than its box, no text key shown
// instead of its text.
// One sign-in and one browser page per role; the language is switched in the header, the page is changed in the app.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = process.env.LMS_WALK_DIR ?? path.join(root, 'e2e/out/route-walk');
/** For a quicker look: a pattern the labels (`<role>/<route>-<lang>-<width>`) must match, e.g. "admin/.*-fr-". */
const ONLY = process.env.LMS_WALK_ONLY ? new RegExp(process.env.LMS_WALK_ONLY) : undefined;
/** How many roles walk at once, each in its own page: their waits for the server overlap. */
const PARALLEL = Math.max(1, Number(process.env.LMS_WALK_PARALLEL ?? 2));

const LANGUAGES: ReadonlyArray<{ locale: WalkLocale; widths: readonly number[] }> = [
  { locale: 'de-DE', widths: [1280, 390] },
  { locale: 'en-US', widths: [1280, 390] },
  { locale: 'fr-FR', widths: [1280] },
];

type Walker = TRole | 'VISITOR';

interface Ids {
  demo: string;
  beta: string;
  course: string;
  module: string;
  training: string;
  certificateTemplate: () => Promise<string | undefined>;
  /** The first of Demo's mail templates (made when the list first shows, which the walk visits before). */
  mailTemplate: () => Promise<string | undefined>;
  verificationCode: () => Promise<string | undefined>;
  participant: () => Promise<string | undefined>;
}

type Params = Record<string, string | undefined>;

/**
 * The values of a route's parameters, by the route's beginning (the first that matches), from the demo data. A new
 * route with a parameter fails the walk until it has a line here.
 */
const ROUTE_PARAMS: ReadonlyArray<{ prefix: string; values: (ids: Ids, walker: Walker) => Params | Promise<Params> }> =
  [
    // The demo training, in which every role takes part (beforeAll).
    { prefix: '/training/', values: (ids) => ({ id: ids.training, moduleId: ids.module }) },
    { prefix: '/coordination/trainings/', values: (ids) => ({ id: ids.training }) },
    { prefix: '/content/courses/', values: (ids) => ({ id: ids.course, moduleId: ids.module }) },
    { prefix: '/content/certificate-template/', values: async (ids) => ({ id: await ids.certificateTemplate() }) },
    { prefix: '/content/mail-template/', values: async (ids) => ({ id: await ids.mailTemplate() }) },
    // An ADMIN administers their own client; the reseller roles and the SUPERADMIN the client Demo resells.
    { prefix: '/reseller/clients/', values: (ids, walker) => ({ id: walker === 'ADMIN' ? ids.demo : ids.beta }) },
    // The demo has no certificate: a code none has shows the answer for a wrong code.
    { prefix: '/reports/record/', values: async (ids) => ({ userId: await ids.participant() }) },
    { prefix: '/verify/', values: async (ids) => ({ code: (await ids.verificationCode()) ?? 'WALKNONE' }) },
  ];

/** Screens that are no route of the table: the page of an unknown path. */
const VISITOR_EXTRAS: WalkRoute[] = [{ path: '/route-walk-nowhere', chrome: 'shell' }];

const LOGINS = new Map(DEMO_USERS.filter((u) => u.client === 'Demo').map((u) => [u.role, u.email]));
const folderOf = (walker: Walker) => walker.toLowerCase().replace(/_/g, '-');

/** Where a walker's time went (open, picture, axe, checks), in ms: printed with its summary. */
type Phases = Record<'open' | 'picture' | 'axe' | 'checks', number>;

async function timed<T>(phases: Phases, phase: keyof Phases, run: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  try {
    return await run();
  } finally {
    phases[phase] += Date.now() - t0;
  }
}

/** Limits how many roles walk at once. */
function limiter(slots: number): <T>(run: () => Promise<T>) => Promise<T> {
  let free = slots;
  const waiting: Array<() => void> = [];
  return async (run) => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

/** The text keys a page shows instead of their texts: in its text, its labels, titles and placeholders. */
async function shownKeys(page: Page, known: ReturnType<typeof textKeys>): Promise<string[]> {
  const tokens = await page.evaluate(() => {
    const texts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(el.getAttribute(name) ?? '');
    return texts.join('\n').match(/[A-Za-z][\w-]*(?::[\w-]+)?(?:\.[\w-]+)+/g) ?? [];
  });
  const shown = tokens.filter((token) => {
    const ns = /^([\w-]+):/.exec(token)?.[1];
    return known.keys.has(token) || (ns !== undefined && known.namespaces.has(ns));
  });
  return [...new Set(shown)];
}

// About 11 minutes on this 2-core machine: run on demand (LMS_ROUTE_WALK=1), not in npm test's budget of 45 minutes.
describe.skipIf(!process.env.LMS_ROUTE_WALK)(
  'route walk: every route of every role, de and en at 1280 and 390 px, fr at 1280 px',
  () => {
    const { server, browser } = useJourney({ keepDemoTraining: true });
    const known = textKeys();
    const run = limiter(PARALLEL);
    let started = Date.now();
    let table: Awaited<ReturnType<typeof loadRoutes>>;
    let ids: Ids;

    beforeAll(async () => {
      started = Date.now();
      rmSync(OUT, { recursive: true, force: true });
      table = await loadRoutes();
      const one = async (sql: string, params: string[] = []) =>
        (await server.db.all<{ id: string }>(sql, params))[0]?.id;
      const demo = await one("SELECT id FROM clients WHERE name = 'Demo'");
      const beta = await one("SELECT id FROM clients WHERE name = 'Beta'");
      const training = await one('SELECT id FROM trainings WHERE client_id = ?', [demo ?? '']);
      const course = (
        await server.db.all<{ course_id: string }>('SELECT course_id FROM trainings WHERE id = ?', [training ?? ''])
      )[0]?.course_id;
      const module = await one('SELECT id FROM modules WHERE course_id = ?', [course ?? '']);
      if (!demo || !beta || !training || !course || !module)
        throw new Error(`demo data missing: ${JSON.stringify({ demo, beta, training, course, module })}`);
      ids = {
        demo,
        beta,
        course,
        module,
        training,
        certificateTemplate: () => one('SELECT id FROM certificate_templates WHERE client_id = ? ORDER BY id', [demo]),
        mailTemplate: () => one('SELECT id FROM mail_templates WHERE client_id = ? ORDER BY id', [demo]),
        participant: () => one("SELECT id FROM users WHERE client_id = ? AND role = 'PARTICIPANT' ORDER BY id", [demo]),
        verificationCode: async () =>
          (
            await server.db.all<{ code: string }>(
              'SELECT verification_code AS code FROM course_certificates WHERE client_id = ? AND verification_code IS NOT NULL',
              [demo],
            )
          )[0]?.code,
      };
      // Every role may also learn (PERMISSIONS.md "learner screens"): each takes part in the demo training directly,
      // so its learner routes show a training of its own.
      const staff = await server.db.all<{ id: string }>(
        "SELECT id FROM users WHERE client_id = ? AND role <> 'PARTICIPANT'",
        [demo],
      );
      const superadmin = await apiAs(server, LOGINS.get('SUPERADMIN') ?? '');
      await superadmin.post(`/course-training/${training}`, { userIds: staff.map((u) => u.id) });
      // A certificate template to open, unless the demo data has one.
      if (!(await ids.certificateTemplate()))
        await (
          await apiAs(server, LOGINS.get('CONTENT_MASTER') ?? '')
        ).post('/certificate-template', {
          name: 'Teilnahmebescheinigung',
          locales: {
            'de-DE': { subtitle: 'Teilnahmebescheinigung', body: '{{name}} hat „{{course}}“ abgeschlossen.' },
          },
        });
    });

    async function pathOf(route: WalkRoute, walker: Walker): Promise<string | undefined> {
      if (!route.path.includes(':')) return route.path;
      const entry = ROUTE_PARAMS.find((p) => route.path.startsWith(p.prefix));
      return entry && fillPath(route.path, await entry.values(ids, walker));
    }

    /** Opens one route in the walker's page and checks and pictures it at the language's widths. */
    async function walkRoute(
      page: Page,
      walker: Walker,
      route: WalkRoute,
      widths: readonly number[],
      problems: string[],
      phases: Phases,
    ): Promise<number> {
      const lang = (await page.evaluate(() => document.documentElement.lang)).slice(0, 2);
      const base = `${folderOf(walker)}/${routeSlug(route.path)}-${lang}`;
      const chosen = widths.filter((w) => !ONLY || ONLY.test(`${base}-${w}`));
      if (chosen.length === 0) return 0;
      const pathname = await pathOf(route, walker);
      if (!pathname) {
        problems.push(`${base}: ${route.path} has no value for its parameters (ROUTE_PARAMS in e2e/route-walk.e2e.ts)`);
        return 0;
      }
      await timed(phases, 'open', async () => {
        // A visitor's page loads afresh (the sign-in screens reset what they find); a signed-in user's changes in the app.
        if (walker === 'VISITOR') await page.goto(server.url(pathname));
        else await navigateInApp(page, pathname);
        // Two frames: the new page has rendered and asked for its code and data, which apiIdle then waits for.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await apiIdle(page);
        await heading(page)
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => problems.push(`${base}: no heading (level 1) within 15 s`));
        // The heading may still be the page before's for a moment; a page whose data has not come shows its loader
        // (a reseller's training page was captured as a lone loader), so the picture and the checks wait for it.
        await page
          .waitForFunction(() => !document.querySelector('main .mantine-Loader-root'), undefined, { timeout: 15_000 })
          .catch(() => undefined);
        await settle(page);
      });
      const dir = path.join(OUT, folderOf(walker));
      await screenshotsAtWidths(page, base, {
        widths: chosen,
        capture: (width) =>
          timed(phases, 'picture', () =>
            capture(page, path.join(dir, `${routeSlug(route.path)}-${lang}-${width}.png`)),
          ),
        check: async (width) => {
          const label = `${base}-${width} (${pathname})`;
          await timed(phases, 'checks', async () => {
            const overflow = await sidewaysScroll(page);
            if (overflow > 0) problems.push(`${label}: the page scrolls sideways by ${overflow} px`);
            // A phone may scroll a wide table in its own box (walk-helpers.ts); a desktop shows every column.
            const tables = await clippedTables(page, { scrollAllowed: width < 768 });
            if (tables.length > 0) problems.push(`${label}: wider than their box: ${tables.join(', ')}`);
            const keys = await shownKeys(page, known);
            if (keys.length > 0) problems.push(`${label}: shows text keys ${keys.join(', ')}`);
          });
          await timed(phases, 'axe', async () => {
            try {
              // The module player's frame is the content origin's page, with the package's author's pages inside.
              await expectAccessible(page, label, { exclude: ['iframe'] });
            } catch (err) {
              // The assertion's `actual` holds every violation in full (its message is cut short).
              const actual = (err as { actual?: unknown }).actual;
              problems.push(`${label}: ${typeof actual === 'string' ? actual : String(err)}`);
            }
          });
        },
      });
      return chosen.length;
    }

    /** One walker's whole walk: one page, one sign-in, every language; answers the problems found. */
    async function walk(walker: Walker): Promise<string[]> {
      const problems: string[] = [];
      const routes =
        walker === 'VISITOR'
          ? [...visitorRoutes(table.routes, table.isPublicPath), ...VISITOR_EXTRAS]
          : routesOf(walker, table.routes, table.isPublicPath);
      mkdirSync(path.join(OUT, folderOf(walker)), { recursive: true });
      const { context, page } = await openPage(browser);
      trackApi(page);
      const t0 = Date.now();
      const phases: Phases = { open: 0, picture: 0, axe: 0, checks: 0 };
      let screens = 0;
      try {
        if (walker === 'VISITOR') await page.goto(server.url('/login'));
        else await signIn(page, server, LOGINS.get(walker) ?? '');
        await heading(page).first().waitFor();
        for (const { locale, widths } of LANGUAGES) {
          // The language switch is in the header of every frame; a plain page visited last may have gone elsewhere.
          if (walker === 'VISITOR') await page.goto(server.url('/login'));
          else await navigateInApp(page, '/');
          await apiIdle(page);
          await chooseLocale(page, locale);
          for (const route of routes) screens += await walkRoute(page, walker, route, widths, problems, phases);
        }
      } finally {
        await context.close();
      }
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const split = Object.entries(phases)
        .map(([phase, ms]) => `${phase} ${s(ms)}`)
        .join(', ');
      console.log(
        `[route walk] ${walker}: ${routes.length} routes, ${screens} screens in ${s(Date.now() - t0)} (${split})`,
      );
      return problems;
    }

    const walkers: Walker[] = [...ROLES, 'VISITOR'];
    // Each walker is a test of its own, so a run names every role with a problem; they run side by side (PARALLEL).
    for (const walker of walkers)
      it.concurrent(
        `${walker}: every route it may open`,
        async ({ expect }) => {
          const problems = await run(() => walk(walker));
          expect(problems).toEqual([]);
        },
        1_800_000,
      ); // a hang guard: a walker waits for its turn, then walks for minutes on a busy machine

    // Not a timed test (speed is measured in benchmarks): the walk's duration, for whoever keeps it bounded.
    afterAll(() => console.log(`[route walk] every walker: ${((Date.now() - started) / 1000).toFixed(1)} s`));
  },
);
