import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db/database';
import { likeContains } from '../../platform/paging';

/** How this database searches users: PostgreSQL by trigram index, SQLite through its FTS5 trigram table. */
export interface SearchSupport {
  dialect: Dialect;
  hasFts: boolean;
}

const ftsByDb = new WeakMap<object, Promise<boolean>>();

/** Checked once per database handle: a database migrated before the FTS table existed still searches (slower). */
export function searchSupport(db: DbOrTrx, dialect: Dialect): Promise<SearchSupport> {
  if (dialect === 'postgres') return Promise.resolve({ dialect, hasFts: false });
  let found = ftsByDb.get(db);
  if (!found) {
    found = sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'users_fts'`
      .execute(db)
      .then((r) => Number(r.rows[0]?.n ?? 0) > 0);
    ftsByDb.set(db, found);
  }
  return found.then((hasFts) => ({ dialect, hasFts }));
}

/** Trigram indexes need three characters, and FTS5 LIKE takes no ESCAPE clause: other words use a plain LIKE. */
export const usesFts = (s: SearchSupport, word: string): boolean =>
  s.dialect === 'sqlite' && s.hasFts && [...word].length >= 3 && !/[\\%_]/.test(word);

/** "u.search_text contains word", in the form the database can answer from an index. */
export function textContains(s: SearchSupport, word: string): Expression<SqlBool> {
  if (usesFts(s, word))
    return sql<SqlBool>`u.rowid in (select rowid from users_fts where search_text like ${`%${word}%`})`;
  return likeContains(sql.ref('u.search_text'), word);
}
