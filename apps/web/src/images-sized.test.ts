import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Issue 32 acceptance, "images are lazy-loaded and sized": every picture the web app draws (<img>, Mantine's
// <Image>) says how it loads (lazy, or eager above the fold: the header's logo) and holds its height before the
// picture arrives (a height attribute). The browser side: e2e/screen-polish.e2e.ts and e2e/course-covers.e2e.ts.
const src = path.dirname(fileURLToPath(import.meta.url));

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.tsx') ? [full] : [];
  });

/** Each JSX opening tag of a picture, whole (it may span lines), with the file and line it starts on. */
const pictures = (file: string) => {
  // Comments blanked (their lines kept), so an `<img>` named in one is not taken for a picture.
  const blank = (m: string) => m.replace(/[^\n]/g, ' ');
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|\s)\/\/.*$/gm, blank);
  return [...text.matchAll(/<(img|Image)\b[^>]*?\/?>/gs)].map((m) => ({
    at: `${path.relative(src, file)}:${text.slice(0, m.index).split('\n').length}`,
    tag: m[0],
  }));
};

it('gives every picture of the web app a loading attribute and a height attribute', () => {
  const all = sources(src).flatMap(pictures);
  expect(all.length).toBeGreaterThan(3);
  const unsized = all
    .filter(({ tag }) => !/\bloading=/.test(tag) || !/\sheight=/.test(tag))
    .map(({ at, tag }) => `${at}: ${tag.replace(/\s+/g, ' ')}`);
  expect(unsized).toEqual([]);
});
