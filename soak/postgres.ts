import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../apps/server/test/server-process';

/**
 * The soak's own PostgreSQL cluster (initdb into a temporary folder, pg_ctl on a free port), so a restart fault
 * never touches the machine's shared server. initdb refuses to run as root: as root the cluster belongs to the
 * `postgres` user and its commands run through runuser.
 */
export interface SoakPostgres {
  url: string;
  /** Whether the harness owns the server (only then can it restart it). */
  own: boolean;
  /** pg_ctl stop -m fast, a pause, pg_ctl start: the outage a restart fault makes. */
  restart: (downMs: number) => Promise<void>;
  close: () => Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((d) => existsSync(path.join(d, 'initdb')));
  if (!found) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return found;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function pgBin(bin: string, args: string[]): void {
  const file = path.join(binDir(), bin);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const res = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${res.status}): ${res.stderr}${res.stdout}`);
}

export async function startOwnPostgres(): Promise<SoakPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lms-soak-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  pgBin('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c shared_buffers=128MB`;
  const start = () => pgBin('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/soak`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE soak');
  await admin.end();
  return {
    url,
    own: true,
    restart: async (downMs) => {
      pgBin('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    close: () => {
      try {
        pgBin('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return Promise.resolve();
    },
  };
}

/** A fresh database on the server DATABASE_URL names (CI's shared one): the restart fault is not possible there. */
export async function freshDatabaseOn(base: string): Promise<SoakPostgres> {
  const name = `lms_soak_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    own: false,
    restart: () => Promise.reject(new Error('the PostgreSQL restart fault needs the soak its own cluster')),
    close: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
