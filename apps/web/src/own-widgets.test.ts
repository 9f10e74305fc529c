import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Issue 32 point 9: the app asks and picks dates with its own widgets (ConfirmModal, DateField), in the reader's
// language and the app's look, never with the browser's confirm, alert or native date input.
const src = path.dirname(fileURLToPath(import.meta.url));
const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/\bwindow\.(confirm|alert|prompt)\s*\(/, 'the browser’s dialog: use components/confirm-modal.tsx'],
  [/type=["']date["']|type:\s*["']date["']/, 'a native date input: use components/date-field.tsx'],
];

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });

it('uses no browser dialog and no native date input anywhere in the web app', () => {
  const found = sources(src).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        FORBIDDEN.filter(([re]) => re.test(line)).map(([, why]) => `${path.relative(src, file)}:${i + 1}: ${why}`),
      ),
  );
  expect(found).toEqual([]);
});
