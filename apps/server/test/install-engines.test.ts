import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// A newcomer's `npm install` on the oldest Node the project supports prints no EBADENGINE warning: every package
// the lockfile installs accepts that Node. npm checks exactly these `engines.node` ranges, so this test sees what
// the warning would, without an install.

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

type Manifest = { engines?: { node?: string }; dependencies?: Record<string, string> };
type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

const rootManifest = readJson<Manifest>('package.json');
const lock = readJson<Lock>('package-lock.json');
const oldestNode = semver.minVersion(rootManifest.engines?.node ?? '')?.version;

describe('npm install on the oldest supported Node', () => {
  it('the project names its oldest Node, and the README says the same', () => {
    expect(oldestNode).toBe('20.19.0');
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toMatch(/Node\.js >= ?20\.19\b/);
  });

  it('every package in package-lock.json accepts it (no EBADENGINE)', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, pkg]) => {
        const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return range && !semver.satisfies(oldestNode ?? '', range) ? [`${name}@${pkg.version} node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('every @mantine package is pinned to one exact version, and the lockfile installs that version', () => {
    const web = readJson<Manifest>('apps/web/package.json');
    const mantine = Object.entries(web.dependencies ?? {}).filter(([name]) => name.startsWith('@mantine/'));
    expect(mantine.length).toBeGreaterThan(0);
    const versions = new Set(mantine.map(([, version]) => version));
    expect(versions.size).toBe(1);
    const [version] = [...versions];
    expect(semver.valid(version)).toBe(version);
    const installed = Object.entries(lock.packages).filter(([name]) => /(^|\/)node_modules\/@mantine\//.test(name));
    for (const [name, pkg] of installed) expect(pkg.version, name).toBe(version);
  });

  it("light-my-request (app.inject) still sends cookies with cookie 1.1.1, which package.json's overrides give it", async () => {
    // cookie 2 wants Node 22; light-my-request 6.8 asks for it only for stringifySetCookie, which cookie 1.1 has.
    const app = Fastify();
    app.get('/echo', (req) => ({ cookie: req.headers.cookie }));
    const res = await app.inject({ method: 'GET', url: '/echo', cookies: { auth: 'a b', lang: 'de' } });
    expect(res.json()).toEqual({ cookie: 'auth=a%20b; lang=de' });
    await app.close();
  });
});
