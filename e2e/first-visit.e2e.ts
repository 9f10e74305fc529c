import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage } from './browser';
import { useJourney } from './journey';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

/** Issue 15: a first visit to /login needs under 200 KB of gzipped JS in total (1 KB = 1,000 bytes). */
const GZIP_BUDGET_BYTES = 200_000;

const loginIntro = (locale: string): string => {
  const auth = JSON.parse(readFileSync(path.join(root, 'apps/web/src/locales', locale, 'auth.json'), 'utf8')) as {
    login: { intro: string };
  };
  return auth.login.intro.split('{{')[0] ?? '';
};

describe('the first visit to /login is light (issue 15)', () => {
  const { server, browser } = useJourney();

  it('loads under 200 KB of gzipped JS, every script served compressed and cached for good, one language only', async () => {
    // A new context has an empty cache and no cookie consent yet: everything a first visit needs crosses the wire.
    const { context, page } = await openPage(browser, { showCookieDialog: true });
    const scripts: { file: string; encoding: string | undefined; cache: string | undefined; sent: Promise<number> }[] =
      [];
    let documentCache: string | undefined;
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (res.request().resourceType() === 'document') documentCache = res.headers()['cache-control'];
      if (!url.pathname.endsWith('.js')) return;
      const headers = res.headers();
      scripts.push({
        file: url.pathname,
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        sent: res
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      });
    });
    await page.goto(server.url('/login'));
    await expect.poll(() => heading(page).textContent()).toBe('Anmelden');
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      expect(s.encoding, `${s.file} content-encoding`).toBe('br');
      expect(s.cache, `${s.file} cache-control`).toBe('public, max-age=31536000, immutable');
    }
    expect(documentCache).toBe('no-cache');

    // The build's gzip files are what a browser without brotli gets: their total is the budget's measure.
    const gzipBytes = scripts.reduce((sum, s) => sum + statSync(path.join(dist, `${s.file}.gz`)).size, 0);
    const brotliBytes = (await Promise.all(scripts.map((s) => s.sent))).reduce((a, b) => a + b, 0);
    console.log(
      `[first visit] /login: ${scripts.length} scripts, ${(gzipBytes / 1000).toFixed(1)} KB gzip, ` +
        `${(brotliBytes / 1000).toFixed(1)} KB sent (brotli)`,
    );
    expect(gzipBytes).toBeLessThan(GZIP_BUDGET_BYTES);
    expect(brotliBytes).toBeLessThan(gzipBytes);

    // Only the active language's texts came: German, neither English nor French.
    const code = scripts.map((s) => readFileSync(path.join(dist, s.file), 'utf8')).join('\n');
    expect(code).toContain(loginIntro('de-DE'));
    expect(code).not.toContain(loginIntro('en-US'));
    expect(code).not.toContain(loginIntro('fr-FR'));

    await expect.poll(() => page.getByRole('button', { name: 'Akzeptieren' }).count()).toBe(1);
    await expectAccessible(page, 'login, first visit');
    await context.close();
  });

  it('a switch of language fetches that language and shows it without a raw key', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await expect.poll(() => heading(page).textContent()).toBe('Anmelden');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('fr-FR');
    await expect.poll(() => heading(page).textContent()).toBe('Connexion');
    await expect.poll(() => page.locator('main').textContent()).toContain(loginIntro('fr-FR'));
    expect(await page.locator('body').textContent()).not.toMatch(/\b(common|auth|public|legal):[a-z]/);
    await context.close();
  });
});
