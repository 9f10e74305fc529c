import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser } from './browser';

// Contact sheets of the route walk (e2e/route-walk.e2e.ts), for a person to look at every screen at once: per role,
// a few images, each a grid of the walk's screenshots, one row per route with its five variants (de and en at 1280
// and 390 px, fr at 1280 px) as thumbnails. Laid out as an HTML page of <img> and pictured by the same Chromium.
// Run by hand after a walk:
//
//   npx tsx e2e/contact-sheet.ts [walk folder] [sheet folder]
//
// (default e2e/out/route-walk and e2e/out/contact-sheets; LMS_SHEET_ROWS routes per sheet, default 8).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const walkDir = path.resolve(process.argv[2] ?? path.join(root, 'e2e/out/route-walk'));
const sheetDir = path.resolve(process.argv[3] ?? path.join(root, 'e2e/out/contact-sheets'));
const ROWS = Math.max(1, Number(process.env.LMS_SHEET_ROWS ?? 8));

/** The columns of a row, in the walk's order; a thumbnail's width in px (a phone's picture narrower). */
const VARIANTS = [
  { suffix: 'de-1280', width: 300 },
  { suffix: 'de-390', width: 130 },
  { suffix: 'en-1280', width: 300 },
  { suffix: 'en-390', width: 130 },
  { suffix: 'fr-1280', width: 300 },
] as const;
/** Taller pictures are cut off in the sheet (the full picture is one click away in the walk folder). */
const MAX_THUMB_HEIGHT = 900;

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The routes of a role's folder, each with its variants' files (`<route>-<lang>-<width>.png`). */
function routesIn(dir: string): Map<string, Map<string, string>> {
  const routes = new Map<string, Map<string, string>>();
  for (const file of readdirSync(dir).sort()) {
    const match = /^(.+)-(de|en|fr)-(\d+)\.png$/.exec(file);
    if (!match) continue;
    const [, route = '', lang, width] = match;
    const variants = routes.get(route) ?? new Map<string, string>();
    variants.set(`${lang}-${width}`, path.join(dir, file));
    routes.set(route, variants);
  }
  return routes;
}

function sheetHtml(title: string, rows: Array<[string, Map<string, string>]>): string {
  const cell = (file: string | undefined, width: number) =>
    file
      ? `<a class="thumb" style="width:${width}px" href="${pathToFileURL(file).href}"><img src="${pathToFileURL(file).href}" width="${width}"></a>`
      : `<div class="thumb missing" style="width:${width}px">–</div>`;
  const body = rows
    .map(
      ([route, variants]) =>
        `<section><h2>${escape(route)}</h2><div class="row">${VARIANTS.map((v) =>
          cell(variants.get(v.suffix), v.width),
        ).join('')}</div></section>`,
    )
    .join('\n');
  const header = VARIANTS.map((v) => `<span style="width:${v.width}px">${v.suffix}</span>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>
    body { font: 13px/1.3 sans-serif; margin: 12px; background: #eceff3; color: #111; }
    h1 { font-size: 18px; margin: 0 0 6px; }
    .legend, .row { display: flex; gap: 10px; align-items: flex-start; }
    .legend span { font-weight: 600; }
    section { margin: 10px 0 16px; }
    h2 { font-size: 13px; margin: 0 0 4px; font-family: monospace; }
    .thumb { display: block; max-height: ${MAX_THUMB_HEIGHT}px; overflow: hidden; background: #fff;
      outline: 1px solid #9aa3ad; }
    .thumb img { display: block; }
    .missing { height: 40px; display: flex; align-items: center; justify-content: center; color: #666; }
  </style></head><body><h1>${escape(title)}</h1><div class="legend">${header}</div>${body}</body></html>`;
}

async function main(): Promise<void> {
  const roles = readdirSync(walkDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  if (roles.length === 0) throw new Error(`no walk in ${walkDir}: run e2e/route-walk.e2e.ts first`);
  rmSync(sheetDir, { recursive: true, force: true });
  mkdirSync(sheetDir, { recursive: true });
  const browser = await launchBrowser(['--allow-file-access-from-files']);
  const page = await browser.newPage({ viewport: { width: 1320, height: 800 } });
  const written: string[] = [];
  try {
    for (const role of roles) {
      const routes = [...routesIn(path.join(walkDir, role))];
      for (let start = 0, n = 1; start < routes.length; start += ROWS, n++) {
        const rows = routes.slice(start, start + ROWS);
        const pages = Math.ceil(routes.length / ROWS);
        const html = path.join(sheetDir, `${role}-${n}.html`);
        writeFileSync(html, sheetHtml(`${role} ${n}/${pages}`, rows));
        await page.goto(pathToFileURL(html).href);
        // Every thumbnail decoded before the picture.
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        const file = path.join(sheetDir, `${role}-${n}.png`);
        await page.screenshot({ path: file, fullPage: true });
        written.push(file);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${written.length} contact sheets in ${sheetDir}:\n${written.map((f) => path.basename(f)).join('\n')}`);
}

await main();
