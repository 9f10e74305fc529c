import Database from 'better-sqlite3';
import pg from 'pg';
import { SESSION_CACHE_MS } from '../apps/server/src/platform/session';

/**
 * Direct access to the server's database, for what a journey must arrange that no screen offers yet (a forced
 * password change, a session deleted on the server, a closed platform). Queries use `?` placeholders and plain
 * values; booleans become 0/1 on SQLite as the server's own conversion does.
 */
export interface TestDatabase {
  run: (sql: string, params?: ReadonlyArray<string | number | boolean | null>) => Promise<number>;
  all: <T>(sql: string, params?: ReadonlyArray<string | number | boolean | null>) => Promise<T[]>;
  close: () => Promise<void>;
}

export function openTestDatabase(databaseUrl: string | undefined, sqliteFile: string): TestDatabase {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // An idle connection the drop at the end terminates must not end the test process (db/connect.ts, onIdleError).
    pool.on('error', () => undefined);
    const toPg = (sql: string) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      run: async (sql, params = []) => (await pool.query(toPg(sql), [...params])).rowCount ?? 0,
      all: async <T>(sql: string, params: ReadonlyArray<string | number | boolean | null> = []) =>
        (await pool.query(toPg(sql), [...params])).rows as T[],
      close: () => pool.end(),
    };
  }
  const sqlite = new Database(sqliteFile);
  sqlite.pragma('busy_timeout = 5000');
  const values = (params: ReadonlyArray<string | number | boolean | null>) =>
    params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
  return {
    run: (sql, params = []) => Promise.resolve(sqlite.prepare(sql).run(...values(params)).changes),
    all: <T>(sql: string, params: ReadonlyArray<string | number | boolean | null> = []) =>
      Promise.resolve(sqlite.prepare(sql).all(...values(params)) as T[]),
    close: () => {
      sqlite.close();
      return Promise.resolve();
    },
  };
}

/** Spec section 4: an initial password must be changed at the next login. */
export const requirePasswordChange = (db: TestDatabase, email: string) =>
  db.run('UPDATE users SET is_password_change_required = ? WHERE email_normalized = ?', [true, email]);

/** Ends every session of a user on the server, as an expiry or a logout elsewhere would. */
/**
 * Deletes a user's sessions as another process would (this test's own connection), then waits out the server's
 * session cache: such a deletion holds there within SESSION_CACHE_MS (docs/architecture.md, the stated trade-off).
 */
export async function deleteSessionsOf(db: TestDatabase, email: string): Promise<void> {
  await db.run('DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email_normalized = ?)', [email]);
  await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 250));
}

export const setPlatformActive = (db: TestDatabase, domain: string, active: boolean) =>
  db.run('UPDATE clients SET is_platform_active = ? WHERE platform_domain = ?', [active, domain]);

/** Journeys in one file share the demo users; each test starts from the seeded German locale. */
export const resetLocales = (db: TestDatabase) => db.run("UPDATE users SET locale = 'de-DE'");

/** Changes a user's role on the server, as an admin elsewhere would, while their screens are open. */
export const setRole = (db: TestDatabase, email: string, role: string) =>
  db.run('UPDATE users SET role = ? WHERE email_normalized = ?', [role, email]);
