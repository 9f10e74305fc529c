import type { UserRow } from '../users';

/**
 * What identifies a person in free text, read from their user row before it is anonymised. `search` finds the rows
 * that name them (full name both ways round, e-mail, username, personnel number: a first or last name alone would
 * find other people); in a row found, `replace` (the search marks and the single names) is overwritten.
 */
export interface PersonMarks {
  search: string[];
  replace: string[];
  /** Normalised e-mail and username, as the login tables store them. */
  logins: string[];
}

const MIN_MARK = 3;

export function personMarks(
  u: Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'username' | 'personell_number'>,
): PersonMarks {
  const first = u.first_name.trim();
  const last = u.last_name.trim();
  const names = first && last ? [`${first} ${last}`, `${last}, ${first}`, `${last} ${first}`] : [];
  const ids = [u.email, u.username, u.personell_number].map((v) => v?.trim() ?? '');
  const search = unique([...names, ...ids]).filter((m) => m.length >= MIN_MARK);
  const replace = unique([...search, first, last])
    .filter((m) => m.length >= 2)
    // The longest first, so "Anna Muster" goes as a whole before "Anna" would leave " Muster".
    .sort((a, b) => b.length - a.length);
  const logins = unique([u.email, u.username].map((v) => v?.trim().toLowerCase() ?? '')).filter(Boolean);
  return { search, replace, logins };
}

const unique = (xs: string[]) => [...new Set(xs.filter(Boolean))];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every mark (any case) replaced by `***`. */
export function scrubText(text: string, marks: PersonMarks): string {
  if (marks.replace.length === 0) return text;
  const pattern = new RegExp(marks.replace.map(escapeRegExp).join('|'), 'giu');
  return text.replace(pattern, '***');
}
