import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { mayOpenPath } from '@lms/contracts/permissions';
import type { TRole } from '@lms/contracts/roles';

// The route walk's routes (e2e/route-walk.e2e.ts), read from the web app's own route table, so that a route a feature
// adds is walked without a word here; only a route with a parameter needs its value (ROUTE_PARAMS in the walk).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web/src');

export interface WalkRoute {
  /** The route's pattern, e.g. `/training/:id/module/:moduleId`. */
  path: string;
  chrome: 'shell' | 'plain';
}

interface RouteTableModule {
  ALL_ROUTES: Array<{ path: string; chrome?: 'shell' | 'plain' }>;
}
interface RouteRulesModule {
  isPublicPath: (path: string) => boolean;
}

/**
 * Runs `load` with a browser's globals from jsdom, put back as they were after it: the route table's modules run at
 * load what the app runs at its start (the Entra sign-in registers its Access-Token source with the API client,
 * which reads the session cookie).
 */
async function withDom<T>(load: () => Promise<T>): Promise<T> {
  const dom = new JSDOM('', { url: 'http://localhost/' });
  const names = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'] as const;
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  for (const name of names)
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
  try {
    return await load();
  } finally {
    names.forEach((name, i) => {
      const before = saved[i];
      if (before) Object.defineProperty(globalThis, name, before);
      else Reflect.deleteProperty(globalThis, name);
    });
    dom.window.close();
  }
}

/**
 * The web app's route table (apps/web/src/app/route-table.ts) and its public paths (lib/route-rules.ts). Imported by
 * a path in a variable: the walk needs the paths only, and the web app's types (JSX, Vite's) stay out of the e2e
 * project's type check. The pages themselves are never loaded (each route names its page by a lazy import).
 */
export async function loadRoutes(): Promise<{ routes: WalkRoute[]; isPublicPath: (path: string) => boolean }> {
  const table = path.join(web, 'app/route-table.ts');
  const rules = path.join(web, 'lib/route-rules.ts');
  const { ALL_ROUTES } = await withDom(() => import(/* @vite-ignore */ table) as Promise<RouteTableModule>);
  const { isPublicPath } = (await import(/* @vite-ignore */ rules)) as RouteRulesModule;
  return { routes: ALL_ROUTES.map((r) => ({ path: r.path, chrome: r.chrome ?? 'shell' })), isPublicPath };
}

/**
 * The routes a signed-in user of `role` may open (PERMISSIONS.md "Routes", the one permission table). The sign-in
 * screens and the plain public pages (login, logout, reset, Entra, client not found, platform inactive, a
 * certificate's verification) belong to the visitor's walk: a signed-in user opens them only on the way out.
 */
export function routesOf(
  role: TRole,
  routes: readonly WalkRoute[],
  isPublicPath: (path: string) => boolean,
): WalkRoute[] {
  return routes.filter((r) => !(r.chrome === 'plain' && isPublicPath(r.path)) && mayOpenPath(role, r.path));
}

/** The routes a visitor who is not signed in opens: every public one. */
export const visitorRoutes = (routes: readonly WalkRoute[], isPublicPath: (path: string) => boolean): WalkRoute[] =>
  routes.filter((r) => isPublicPath(r.path));

/** A route's file name: `/training/:id/module/:moduleId` → `training-id-module-moduleId`, `/` → `home`. */
export const routeSlug = (pattern: string): string =>
  pattern.replace(/^\/+/, '').replace(/[/:]+/g, '-').replace(/-+$/, '') || 'home';

/** Fills a pattern's parameters (`:id`, `:moduleId`); undefined when one has no value. */
export function fillPath(pattern: string, values: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const filled = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : filled;
}

const flatten = (value: unknown, prefix: string, into: Set<string>): void => {
  if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  // i18next's plural forms: a missing `count` text shows the key without its suffix.
  else into.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ''));
};

/**
 * Every text key of the web app (en-US, which has every key of every language: locales.test.ts), as a missing text
 * would show it: `key.path` and `namespace:key.path`. Keys without a dot are left out: they read as words.
 */
export function textKeys(): { keys: Set<string>; namespaces: Set<string> } {
  const dir = path.join(web, 'locales/en-US');
  const keys = new Set<string>();
  const namespaces = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    namespaces.add(ns);
    const own = new Set<string>();
    flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), '', own);
    for (const key of own) if (key.includes('.')) keys.add(key).add(`${ns}:${key}`);
  }
  return { keys, namespaces };
}
