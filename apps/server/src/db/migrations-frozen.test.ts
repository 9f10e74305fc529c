import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// A migration is a frozen copy: what it writes must not change when a feature's code or texts change later, so no
// migration imports from the features (texts it needs are copied beside it, as frozen-0013-platform-texts.*.ts).

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

it('no migration imports feature code', () => {
  const offenders = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => /from '(\.\.\/)+features\//.test(readFileSync(path.join(dir, f), 'utf8')));
  expect(offenders).toEqual([]);
});
