import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { isBuildCurrent, recordBuild, sourceFingerprint } from './build-if-changed';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'src/pages'), { recursive: true });
  writeFileSync(path.join(root, 'src/main.tsx'), 'main');
  writeFileSync(path.join(root, 'src/pages/a.tsx'), 'a');
  writeFileSync(path.join(root, 'index.html'), '<html>');
  return root;
}

it('npm start builds the web app again only when one of its inputs changed (issue 32)', () => {
  const root = tree();
  const inputs = ['src', 'index.html', 'missing.json'];
  const first = sourceFingerprint(root, inputs);
  expect(sourceFingerprint(root, inputs)).toBe(first);

  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  expect(isBuildCurrent(dist, first)).toBe(false); // no build yet
  writeFileSync(path.join(dist, 'index.html'), '<built>');
  expect(isBuildCurrent(dist, first)).toBe(false); // a build without its fingerprint (interrupted, or older)
  recordBuild(dist, first);
  expect(isBuildCurrent(dist, first)).toBe(true);

  writeFileSync(path.join(root, 'src/pages/a.tsx'), 'changed');
  const changed = sourceFingerprint(root, inputs);
  expect(changed).not.toBe(first);
  expect(isBuildCurrent(dist, changed)).toBe(false);

  // A file renamed with the same content is a change too.
  rmSync(path.join(root, 'src/pages/a.tsx'));
  writeFileSync(path.join(root, 'src/pages/b.tsx'), 'changed');
  expect(sourceFingerprint(root, inputs)).not.toBe(changed);
});
