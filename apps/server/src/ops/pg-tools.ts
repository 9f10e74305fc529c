import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

// PostgreSQL's own client tools do the dump and the restore (custom format: compressed, restorable table by table,
// with --no-owner into a database of another name or role). Their version must be at least the server's major
// version; PG_DUMP and PG_RESTORE name other binaries (e.g. /usr/lib/postgresql/16/bin/pg_dump).

const tool = (name: 'pg_dump' | 'pg_restore') =>
  (name === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) ?? name;

async function runTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool(name), args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        `${name} not found: install PostgreSQL's client tools of the server's major version ` +
          `(Debian: postgresql-client-15) or set ${name.toUpperCase()} to its path`,
        { cause: err },
      );
    }
    throw new Error(`${name} failed: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

export const toolVersion = async (name: 'pg_dump' | 'pg_restore'): Promise<string> =>
  (await runTool(name, ['--version'])).trim();

/**
 * The URL as libpq reads it: Node's URLSearchParams writes a space as '+', which libpq takes literally (the pg driver
 * decodes it), so `options=-c+synchronous_commit%3Doff` would fail; every parameter is written again with %20.
 */
export function libpqUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const params = [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  url.search = params.join('&');
  return url.toString();
}

/** pg_dump in custom format, from the exported snapshot so the dump matches the counts taken in it. */
export async function pgDump(databaseUrl: string, file: string, snapshot: string): Promise<void> {
  await runTool('pg_dump', [
    '--format=custom',
    `--snapshot=${snapshot}`,
    '--file',
    file,
    '--dbname',
    libpqUrl(databaseUrl),
  ]);
}

/** pg_restore into an existing, empty database, in one transaction: all of it or nothing. */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    '--dbname',
    libpqUrl(databaseUrl),
    file,
  ]);
}
