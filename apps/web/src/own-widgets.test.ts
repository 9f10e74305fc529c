import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Issue 32 point 9: the app asks and picks dates with its own widgets (ConfirmModal, DateField), in the reader's
// language and the app's look, never with the browser's confirm, alert or native date input. A loader with a name is
// the one NamedLoader (axe's aria-prohibited-attr on Mantine's plain span), not a role given by hand at each place.
const src = path.dirname(fileURLToPath(import.meta.url));
const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/\bwindow\.(confirm|alert|prompt)\s*\(/, 'the browser’s dialog: use components/confirm-modal.tsx'],
  [/type=["']date["']|type:\s*["']date["']/, 'a native date input: use components/date-field.tsx'],
  [/<Loader\b[^>]*aria-label/, 'a loader named by hand: use components/named-loader.tsx'],
];
/** The widgets themselves, which do what the others may not. */
const OWN_WIDGETS = new Set(['components/named-loader.tsx']);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });

it('uses no browser dialog, no native date input and no loader named by hand anywhere in the web app', () => {
  const found = sources(src)
    .filter((file) => !OWN_WIDGETS.has(path.relative(src, file).split(path.sep).join('/')))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          FORBIDDEN.filter(([re]) => re.test(line)).map(([, why]) => `${path.relative(src, file)}:${i + 1}: ${why}`),
        ),
    );
  expect(found).toEqual([]);
});
