import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type { UserRow } from '../users';
import { scimFail } from './scim-error';
import type { ScimData } from './scim-resource.repository';
import { ENTERPRISE_SCHEMA, knownAttributes, USER_SCHEMA } from './scim-schema';

export { ENTERPRISE_SCHEMA, USER_SCHEMA };

/** Never kept, never answered: a password Okta may send (the user signs in through the directory instead). */
const NOT_STORED = new Set(['id', 'meta', 'password', 'groups', 'schemas']);

/** RFC 7643 section 3: the core schema and the extensions the resource holds attributes of. */
const schemasOf = (data: ScimData): string[] => [
  USER_SCHEMA,
  ...Object.keys(data).filter((k) => k.toLowerCase().startsWith('urn:') && k !== USER_SCHEMA),
];

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

const text = (v: unknown, field: string, max = 256): string | null => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') return scimFail(400, 'invalidValue', `${field} must be a string.`);
  if (v.length > max) return scimFail(400, 'invalidValue', `${field} is too long.`);
  return v.trim();
};

/** Entra ID without the aadOptscim062020 flag sends booleans as "True"/"False" (Microsoft's SCIM known issues). */
export function scimBoolean(v: unknown, field: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  return scimFail(400, 'invalidValue', `${field} must be a boolean.`);
}

/** The work e-mail, else the primary one, else the first (RFC 7643 section 4.1.2). */
function emailOf(emails: unknown): string | null {
  if (emails === undefined || emails === null) return null;
  if (!Array.isArray(emails)) return scimFail(400, 'invalidValue', 'emails must be a list.');
  const items = emails.map((e) => obj(e) ?? {});
  const pick =
    items.find((e) => typeof e.type === 'string' && e.type.toLowerCase() === 'work') ??
    items.find((e) => e.primary === true || e.primary === 'True' || e.primary === 'true') ??
    items[0];
  const value = text(pick?.value, 'emails.value');
  if (value !== null && !/^[^\s@]+@[^\s@]+$/.test(value))
    scimFail(400, 'invalidValue', 'emails.value is not an e-mail.');
  return value;
}

const localeOf = (v: unknown): TLocale | undefined => {
  if (typeof v !== 'string') return undefined;
  const tag = v.replace('_', '-').toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === tag) ?? LOCALES.find((l) => l.slice(0, 2) === tag.slice(0, 2));
};

export interface UserColumns {
  username: string;
  username_normalized: string;
  email: string | null;
  email_normalized: string | null;
  first_name: string;
  last_name: string;
  is_active: boolean;
  external_id: string | null;
  personell_number: string | null;
  locale?: TLocale;
}

/**
 * The app's columns from a User resource: userName is the username, the work e-mail the e-mail, name.givenName
 * and familyName the names, the enterprise employeeNumber the personnel number, preferredLanguage or locale the
 * interface language when the app offers it. The role is the app's business and never comes from the directory.
 */
export function columnsOf(resource: ScimData): UserColumns {
  const userName = text(resource.userName, 'userName');
  if (!userName) return scimFail(400, 'invalidValue', 'userName is required.');
  const name = obj(resource.name) ?? {};
  const enterprise = obj(resource[ENTERPRISE_SCHEMA]) ?? {};
  const email = emailOf(resource.emails);
  const display = text(resource.displayName, 'displayName') ?? '';
  const first = text(name.givenName, 'name.givenName') ?? (display.split(' ')[0] || '');
  const last = text(name.familyName, 'name.familyName') ?? display.split(' ').slice(1).join(' ');
  return {
    username: userName,
    username_normalized: userName.toLowerCase(),
    email,
    email_normalized: email?.toLowerCase() ?? null,
    first_name: first,
    last_name: last,
    is_active: resource.active === undefined ? true : scimBoolean(resource.active, 'active'),
    external_id: text(resource.externalId, 'externalId'),
    personell_number: text(enterprise.employeeNumber, 'employeeNumber', 64),
    locale: localeOf(resource.preferredLanguage) ?? localeOf(resource.locale),
  };
}

/**
 * What is kept of a resource: the attributes of the server's schemas as sent (scim-schema.ts), less the server's
 * and the secret ones, active as a boolean.
 */
export function storedDataOf(resource: ScimData): ScimData {
  const known = Object.entries(knownAttributes('User', resource)).filter(([k]) => !NOT_STORED.has(k));
  const data: ScimData = Object.fromEntries(known);
  if (data.active !== undefined) data.active = scimBoolean(data.active, 'active');
  return data;
}

/** The columns to write; the locale only when the directory names one the app offers. */
export const userFieldsOf = (c: UserColumns): Omit<UserColumns, 'locale'> & { locale?: TLocale } => {
  const { locale, ...rest } = c;
  return locale ? { ...rest, locale } : rest;
};

export interface Meta {
  base: string;
  version: number;
}

/** The User resource the directory reads back: what it wrote, with the app's own truth for id, login and status. */
export function userResource(
  row: UserRow,
  data: ScimData,
  meta: Meta,
  groups?: Array<{ value: string; display: string }>,
): ScimData {
  return {
    schemas: schemasOf(data),
    ...data,
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.username,
    active: row.is_active,
    ...(groups
      ? { groups: groups.map((g) => ({ ...g, $ref: `${meta.base}/Groups/${g.value}`, type: 'direct' })) }
      : {}),
    meta: {
      resourceType: 'User',
      created: row.created_at,
      lastModified: row.updated_at,
      location: `${meta.base}/Users/${row.id}`,
      version: `W/"${meta.version}"`,
    },
  };
}

/** excludedAttributes (and attributes) of RFC 7644 section 3.9, on top-level names; id, schemas and meta stay. */
export function project(resource: ScimData, q: { attributes: string[]; excludedAttributes: string[] }): ScimData {
  const keep = new Set(['id', 'schemas', 'meta']);
  const shown = ([k]: [string, unknown]) => {
    const key = k.toLowerCase();
    if (q.attributes.length > 0 && !keep.has(k) && !q.attributes.some((a) => a.split('.')[0] === key)) return false;
    return !(q.excludedAttributes.includes(key) && !keep.has(k));
  };
  // Defined as own properties (a stored `__proto__` key of an older row would otherwise set the copy's prototype).
  return Object.fromEntries(Object.entries(resource).filter(shown));
}
