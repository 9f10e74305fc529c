import type { DbOrTrx, UsersTable } from '../../db/database';

type KeySource = Pick<UsersTable, 'first_name' | 'last_name' | 'email' | 'username' | 'personell_number'>;

/** "Müller" and "Muller", "Straße" and "Strasse" find each other; SQLite's lower() knows only ASCII. */
export const foldText = (value: string): string =>
  value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

/**
 * The search and sort keys of a user, computed here so both databases compare the same Unicode lower case.
 * search_text holds the plain lower case and, when it differs, the folded form, so either spelling matches.
 */
export function userSearchKeys(u: KeySource): { search_text: string; sort_name: string } {
  const lower = [u.first_name, u.last_name, u.email, u.username, u.personell_number]
    .filter((v): v is string => !!v)
    .join(' ')
    .toLowerCase();
  const folded = foldText(lower);
  return {
    search_text: folded === lower ? lower : `${lower} ${folded}`,
    sort_name: foldText(`${u.last_name} ${u.first_name}`).trim(),
  };
}

/** Search words: lower case, at most 8, each at most 100 characters. */
export const searchWords = (search: string | undefined): string[] =>
  (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.slice(0, 100));

/**
 * Up to 1,000 users of the client without search keys. The partial index users_search_missing answers it (matching
 * both its columns, so SQLite takes it even without statistics): a no-op lookup when nothing is missing.
 */
export const usersMissingSearchKeys = (db: DbOrTrx, clientId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'username', 'personell_number'])
    .where('client_id', '=', clientId)
    .where('search_text', 'is', null)
    .limit(1_000);

/**
 * Rows written by code that does not compute the keys (a seed, a directory sync) get them here before a list
 * query; usersMissingSearchKeys makes the check a no-op lookup when nothing is missing.
 */
export async function repairUserSearchKeys(db: DbOrTrx, clientId: string): Promise<void> {
  for (;;) {
    const missing = await usersMissingSearchKeys(db, clientId).execute();
    for (const row of missing) {
      await db.updateTable('users').set(userSearchKeys(row)).where('id', '=', row.id).execute();
    }
    if (missing.length < 1_000) return;
  }
}
