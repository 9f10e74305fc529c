import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_NAMESPACES } from './i18n-namespaces';

/**
 * lib/i18n.ts loads a namespace when a component asks for it (`useTranslation('<ns>')`), besides FIRST_NAMESPACES.
 * A key of another namespace (`t('<ns>:key')`) only has its text when that namespace is loaded too: these checks
 * read the sources, so a missing declaration fails here instead of showing a raw key on screen.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const namespaces = new Set(readdirSync(path.join(src, 'locales', 'de-DE')).map((f) => f.replace(/\.json$/, '')));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(src).map((file) => ({ file: path.relative(src, file), text: readFileSync(file, 'utf8') }));

/** The namespaces a file asks for: `useTranslation('a')`, `useTranslation(['a', 'b'])`. */
function declared(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g))
    for (const name of (m[1] ?? '').matchAll(/['"]([a-z][a-z-]*)['"]/g)) if (name[1]) found.add(name[1]);
  return found;
}

describe('lazily loaded locale namespaces (lib/i18n.ts)', () => {
  it('loads only namespaces that exist first', () => {
    expect(FIRST_NAMESPACES.filter((ns) => !namespaces.has(ns))).toEqual([]);
  });

  it('every useTranslation names an existing namespace', () => {
    const unknown = files.flatMap(({ file, text }) =>
      [...declared(text)].filter((ns) => !namespaces.has(ns)).map((ns) => `${file}: ${ns}`),
    );
    expect(unknown).toEqual([]);
  });

  it('a key of another namespace is used only where that namespace is loaded', () => {
    const missing = files.flatMap(({ file, text }) => {
      const loaded = new Set<string>([...FIRST_NAMESPACES, ...declared(text)]);
      return [...text.matchAll(/\b(?:t|i18n\.t|i18n\.exists)\(\s*['"`]([a-z][a-z-]*):/g)]
        .map((m) => m[1] ?? '')
        .filter((ns) => namespaces.has(ns) && !loaded.has(ns))
        .map(
          (ns) => `${file}: ${ns}: add '${ns}' to its useTranslation([...]), or to FIRST_NAMESPACES outside components`,
        );
    });
    expect(missing).toEqual([]);
  });
});
