import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { ROLES, type TRole } from '@lms/contracts/roles';
import type { TGender, TImportIssueCode, TUserCsvField } from '@lms/contracts/users';
import { checkPasswordHash, looksLikePasswordHash } from '../../platform/password-hash-bounds';
import { foldText } from '../users';

/** Header names people use for each column, in German, English and French; compared folded, without punctuation. */
const SYNONYMS: Record<TUserCsvField, string[]> = {
  firstName: ['firstname', 'vorname', 'prenom', 'givenname', 'first'],
  lastName: ['lastname', 'nachname', 'nom', 'surname', 'familyname', 'familienname', 'name', 'last'],
  email: ['email', 'emailaddress', 'emailadresse', 'mail', 'courriel', 'adresseemail', 'adressemail'],
  username: ['username', 'benutzername', 'login', 'nomdutilisateur', 'identifiant', 'user'],
  personnelNumber: [
    'personnelnumber',
    'personellnumber',
    'personalnummer',
    'personalnr',
    'employeeid',
    'employeenumber',
    'matricule',
  ],
  password: ['password', 'passwort', 'kennwort', 'motdepasse', 'passwordhash'],
  locale: ['locale', 'sprache', 'language', 'langue'],
  company: ['company', 'firma', 'unternehmen', 'entreprise', 'societe', 'companyname'],
  gender: ['gender', 'geschlecht', 'genre', 'sexe'],
  birthday: ['birthday', 'geburtstag', 'geburtsdatum', 'dateofbirth', 'birthdate', 'datedenaissance'],
  street: ['street', 'strasse', 'rue', 'adresse', 'address', 'anschrift'],
  city: ['city', 'stadt', 'ort', 'wohnort', 'ville'],
  hiredSince: [
    'hiredsince',
    'eintrittsdatum',
    'eintritt',
    'angestelltseit',
    'hiredate',
    'dateembauche',
    'datedembauche',
  ],
  active: ['active', 'aktiv', 'status', 'actif'],
  activeFrom: ['activefrom', 'aktivab', 'gultigab', 'actifdepuis', 'validfrom'],
  activeTo: ['activeto', 'aktivbis', 'gultigbis', 'actifjusqua', 'validto', 'validuntil'],
  role: ['role', 'rolle'],
  groups: ['groups', 'group', 'gruppen', 'gruppe', 'groupes', 'groupe'],
  lastLogin: ['lastlogin', 'lastloginat', 'letzteanmeldung', 'derniereconnexion'],
};

const headerKey = (h: string) => foldText(h).replace(/[^a-z0-9]/g, '');

/** The suggested mapping: each header to the field it names, each field used once; unknown headers map to null. */
export function suggestMapping(headers: readonly string[]): (TUserCsvField | null)[] {
  const used = new Set<TUserCsvField>();
  return headers.map((h) => {
    const key = headerKey(h);
    const field = (Object.keys(SYNONYMS) as TUserCsvField[]).find((f) => !used.has(f) && SYNONYMS[f].includes(key));
    if (field) used.add(field);
    return field ?? null;
  });
}

/** A failure may name its own issue code (else the caller's for the field). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; code?: TImportIssueCode };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = { ok: false } as const;

/** Dates as ISO (2026-03-01), German (01.03.2026) or French/British (01/03/2026). */
export function parseDate(raw: string): Parsed<string | null> {
  const v = raw.trim();
  if (v === '') return ok(null);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(v);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y || !m || !d) return bad;
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const check = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date ? bad : ok(date);
}

/**
 * A frozen table without prototype, read by own keys only: a cell such as `constructor` or `__proto__` is no word
 * (issue 28: with a plain object, `constructor` answered the Object function as a gender).
 */
function wordTable<T>(words: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, words));
}
const lookUp = <T>(table: Readonly<Record<string, T>>, word: string): T | undefined =>
  Object.hasOwn(table, word) ? table[word] : undefined;

const GENDER_WORDS = wordTable<TGender>({
  men: 'men',
  m: 'men',
  male: 'men',
  man: 'men',
  mannlich: 'men',
  herr: 'men',
  homme: 'men',
  h: 'men',
  women: 'women',
  w: 'women',
  f: 'women',
  female: 'women',
  woman: 'women',
  weiblich: 'women',
  frau: 'women',
  femme: 'women',
  other: 'other',
  d: 'other',
  divers: 'other',
  o: 'other',
  x: 'other',
  autre: 'other',
});

export function parseGender(raw: string): Parsed<TGender | null> {
  const v = foldText(raw.trim());
  if (v === '') return ok(null);
  const g = lookUp(GENDER_WORDS, v);
  return g ? ok(g) : bad;
}

/**
 * Yes/no cells, compared folded (any case, no accents), in English, German and French. Excel writes a boolean cell
 * as TRUE/FALSE, WAHR/FALSCH or VRAI/FAUX in the language it runs in (issue 28).
 */
const YES_NO = wordTable<boolean>({
  '1': true,
  x: true,
  true: true,
  yes: true,
  active: true,
  wahr: true,
  ja: true,
  aktiv: true,
  vrai: true,
  oui: true,
  actif: true,
  '0': false,
  false: false,
  no: false,
  inactive: false,
  falsch: false,
  nein: false,
  inaktiv: false,
  faux: false,
  non: false,
  inactif: false,
});

export function parseActive(raw: string): Parsed<boolean | null> {
  const v = foldText(raw.trim());
  if (v === '') return ok(null);
  const yes = lookUp(YES_NO, v);
  return yes === undefined ? bad : ok(yes);
}

export function parseLocale(raw: string): Parsed<TLocale | null> {
  const v = raw.trim().toLowerCase().replace('_', '-');
  if (v === '') return ok(null);
  const found = LOCALES.find((l) => l.toLowerCase() === v || l.slice(0, 2) === v);
  return found ? ok(found) : bad;
}

export function parseRole(raw: string): Parsed<TRole | null> {
  const v = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (v === '') return ok(null);
  const found = ROLES.find((r) => r === v);
  return found ? ok(found) : bad;
}

export type ImportPassword = { kind: 'hash'; value: string } | { kind: 'plain'; value: string } | null;

/**
 * A password cell is a bcrypt or argon2 PHC hash (kept as it is; verified at login and rehashed, ARCHITECTURE
 * section 2), plaintext (hashed on import), or empty. Something that looks like a hash but is not one we verify is
 * refused rather than stored as somebody's plaintext password; a hash whose cost lies outside HASH_BOUNDS is refused
 * with its own code (issue 28 point 3: one such hash stalled every tenant's sign-in). The bounds are the ones every
 * verify checks (platform/password-hash-bounds.ts).
 */
export function parsePassword(raw: string): Parsed<ImportPassword> {
  if (raw === '') return ok(null);
  if (!looksLikePasswordHash(raw)) return ok({ kind: 'plain', value: raw });
  const check = checkPasswordHash(raw);
  if (check.ok) return ok({ kind: 'hash', value: raw });
  return { ok: false, code: check.problem === 'out_of_bounds' ? 'password_hash_cost' : 'password_hash_invalid' };
}
