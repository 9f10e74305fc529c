import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository stands alone: `npm test` on a fresh clone with nothing beside it needs Node and Chromium only.
// So no tracked source reads a folder beside the repository (the SCORM packages live in test-fixtures/scorm) and
// nothing spawns the `zip` program (zips are built with yazl, apps/server/src/features/scorm/test-zip.ts).
// Markdown is left out: docs may name the design brief beside the repository without reading it.

const root = path.resolve(import.meta.dirname, '../../..');
const SELF = path.relative(root, import.meta.filename);
const CODE = /\.(?:[cm]?[jt]sx?|json|sh)$/;
const SCRIPTS = new Set(['.ci/run']);

const trackedCode = (): string[] =>
  execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && !file.startsWith('test-fixtures/') && file !== SELF)
    .filter((file) => CODE.test(file) || SCRIPTS.has(file))
    // A file deleted in the working tree but not yet in the index is no longer code.
    .filter((file) => existsSync(path.join(root, file)));

const OUTSIDE = [/\.\.\/shared\b/, /shared\/testdata/, /\/work\/shared/];
/** execFileSync('zip', ...), spawn("/usr/bin/zip", ...), exec(`zip -r ...`) */
const SPAWNS_ZIP = /\b(?:exec|execSync|execFile|execFileSync|spawn|spawnSync)\s*\(\s*['"`](?:\/usr\/bin\/)?zip\b/;
/** A shell script's command running zip (scripts only: prose in code may well say "as zip -y does"). */
const SHELL_ZIP = /(?:^|[\s;&|(])zip\s+-[a-zA-Z]/m;
const isShell = (file: string) => file.endsWith('.sh') || SCRIPTS.has(file);

const offenders = (patterns: RegExp[]): string[] =>
  trackedCode().flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return patterns
      .filter((p) => p !== SHELL_ZIP || isShell(file))
      .filter((p) => p.test(text))
      .map((p) => `${file}: ${String(p)}`);
  });

describe('the repository stands alone', () => {
  it('finds tracked code to check (the git listing works)', () => {
    const files = trackedCode();
    expect(files).toContain('apps/server/src/features/scorm/test-zip.ts');
    expect(files).toContain('e2e/content-helpers.ts');
  });

  it('no tracked code reads beside the repository (../shared, shared/testdata)', () => {
    expect(offenders(OUTSIDE)).toEqual([]);
  });

  it('no tracked code spawns the zip program', () => {
    expect(offenders([SPAWNS_ZIP, SHELL_ZIP])).toEqual([]);
  });

  it('the patterns catch what they are meant to catch', () => {
    expect(OUTSIDE.some((p) => p.test("path.resolve(root, '../shared/testdata/scorm/golf')"))).toBe(true);
    expect(SPAWNS_ZIP.test("execFileSync('zip', ['-q', '-r', '-X', file, '.'], { cwd })")).toBe(true);
    expect(SPAWNS_ZIP.test('spawnSync("/usr/bin/zip", args)')).toBe(true);
    expect(SPAWNS_ZIP.test("const kind: 'zip' | 'pdf' = 'zip'; execFileSync('unzip-free')")).toBe(false);
    expect(SHELL_ZIP.test('cd pkg && zip -qr ../pkg.zip .')).toBe(true);
    expect(SHELL_ZIP.test('unzip -o pkg.zip')).toBe(false);
  });

  it('every SCORM fixture folder the README names is in the repository', () => {
    const fixtures = path.join(root, 'test-fixtures/scorm');
    for (const folder of ['golf', 'golf-zips', 'edge-cases-elmp', 'adl-cts-2004-4ed-manifests'])
      expect(existsSync(path.join(fixtures, folder)), folder).toBe(true);
    for (const notice of ['README.md', 'NOTICE', 'LICENSE-Apache-2.0.txt', 'ATTRIBUTION-CC-BY-3.0-US.txt'])
      expect(existsSync(path.join(fixtures, notice)), notice).toBe(true);
  });
});
