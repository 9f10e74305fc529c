/**
 * `npm start`'s web build, skipped when nothing it is made from changed since the last one (issue 32: every start
 * rebuilt the app, 17 s of a newcomer's first 25). The fingerprint covers the app's sources, its build settings, the
 * shared contracts and the lock file (a changed dependency), and is written beside the build only after it succeeded,
 * so an interrupted build runs again. Hand-written: Vite has no incremental production build, and a build tool with
 * one (Nx, Turborepo) would be a second build system for one check.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FINGERPRINT_FILE = '.source-fingerprint';

/** Every file under each of `inputs` (files or folders), as paths relative to `root`, sorted. */
function filesOf(root: string, inputs: readonly string[]): string[] {
  const walk = (rel: string): string[] => {
    const full = path.join(root, rel);
    if (!existsSync(full)) return [];
    return readdirSync(full, { withFileTypes: true }).flatMap((e) => {
      const child = path.join(rel, e.name);
      return e.isDirectory() ? walk(child) : [child];
    });
  };
  return inputs
    .flatMap((input) => {
      const full = path.join(root, input);
      if (!existsSync(full)) return [];
      return statSync(full).isDirectory() ? walk(input) : [input];
    })
    .sort();
}

/** A SHA-256 over the names and contents of every input file: equal exactly when no input changed. */
export function sourceFingerprint(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of filesOf(root, inputs)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `dist` holds a whole build made from sources with this fingerprint. */
export function isBuildCurrent(dist: string, fingerprint: string): boolean {
  const file = path.join(dist, FINGERPRINT_FILE);
  return (
    existsSync(path.join(dist, 'index.html')) && existsSync(file) && readFileSync(file, 'utf8').trim() === fingerprint
  );
}

export function recordBuild(dist: string, fingerprint: string): void {
  writeFileSync(path.join(dist, FINGERPRINT_FILE), `${fingerprint}\n`);
}

/** What the web build is made from, relative to the repository's root. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
] as const;

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dist = path.join(root, 'apps/web/dist');
  const fingerprint = sourceFingerprint(root, WEB_BUILD_INPUTS);
  if (isBuildCurrent(dist, fingerprint)) {
    console.log('web app unchanged since its last build (apps/web/dist): not built again');
    return;
  }
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  recordBuild(dist, fingerprint);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
