import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@lms/contracts/constants';
import { ERROR_CODES } from '@lms/contracts/errors';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

const readJson = (locale: string, file: string): unknown =>
  JSON.parse(readFileSync(path.join(here, locale, file), 'utf8'));

/** Every leaf key as a dotted path, e.g. `errors.login_failed`. */
function keysOf(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const files = (locale: string) =>
  readdirSync(path.join(here, locale))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('locale files (ARCHITECTURE section 3: every string in de-DE, en-US and fr-FR)', () => {
  it('every locale has the same namespace files', () => {
    const [first, ...rest] = LOCALES;
    for (const locale of rest) expect(files(locale), locale).toEqual(files(first));
  });

  for (const file of files('de-DE')) {
    it(`${file} has the same keys in every locale, none empty`, () => {
      const reference = keysOf(readJson('de-DE', file)).sort();
      for (const locale of LOCALES) {
        const data = readJson(locale, file);
        expect(keysOf(data).sort(), `${locale}/${file}`).toEqual(reference);
        const empty = keysOf(data).filter((key) => {
          const value = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], data);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${locale}/${file} empty or non-text values`).toEqual([]);
      }
    });
  }

  it('errors.json translates every error code of the contracts catalogue', () => {
    for (const locale of LOCALES) {
      const errors = readJson(locale, 'errors.json') as Record<string, string>;
      const missing = ERROR_CODES.filter((code) => !errors[code]);
      expect(missing, `${locale}/errors.json <code>`).toEqual([]);
    }
  });
});
