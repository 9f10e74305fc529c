import { scimFail } from './scim-error';
import type { ScimKind } from './scim-resource.repository';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/**
 * The attribute names this server keeps (RFC 7643 sections 3.1, 4.1, 4.2 and 4.3): every name a directory may write,
 * read by PATCH paths, PATCH value keys and POST/PUT bodies. A name not here is not an attribute of the resource, so
 * no request can reach `__proto__`, `constructor` or `prototype` of the objects scim-patch walks (GHSA-9m6g-wc8r-q59c,
 * GHSA-2mhw-wcx5-v3xj). Attribute names are case-insensitive (RFC 7643 section 2.1): lookups go by lower case, in
 * Maps, and answer the spelling below.
 */
export interface AttributeDef {
  /** The name as RFC 7643 spells it. */
  readonly name: string;
  /** Sub-attributes of a complex attribute; absent for a simple one. */
  readonly sub?: ReadonlyMap<string, string>;
  readonly multiValued: boolean;
}

const names = (...list: string[]): ReadonlyMap<string, string> => new Map(list.map((n) => [n.toLowerCase(), n]));
const simple = (name: string): AttributeDef => ({ name, multiValued: false });
const complex = (name: string, sub: string[], multiValued = false): AttributeDef => ({
  name,
  sub: names(...sub),
  multiValued,
});
/** RFC 7643 section 2.4: the sub-attributes every multi-valued attribute may have. */
const multi = (name: string, more: string[] = []) =>
  complex(name, ['value', 'display', 'type', 'primary', '$ref', ...more], true);

const table = (attrs: AttributeDef[]): ReadonlyMap<string, AttributeDef> =>
  new Map(attrs.map((a) => [a.name.toLowerCase(), a]));

/** RFC 7643 section 3.1: on every resource, in its core schema. */
const COMMON = [
  simple('id'),
  simple('externalId'),
  simple('schemas'),
  complex('meta', ['resourceType', 'created', 'lastModified', 'location', 'version']),
];

const USER_CORE = table([
  ...COMMON,
  simple('userName'),
  complex('name', ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix']),
  simple('displayName'),
  simple('nickName'),
  simple('profileUrl'),
  simple('title'),
  simple('userType'),
  simple('preferredLanguage'),
  simple('locale'),
  simple('timezone'),
  simple('active'),
  simple('password'),
  multi('emails'),
  multi('phoneNumbers'),
  multi('ims'),
  multi('photos'),
  multi('addresses', ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country']),
  multi('groups'),
  multi('entitlements'),
  multi('roles'),
  multi('x509Certificates'),
]);

const ENTERPRISE = table([
  simple('employeeNumber'),
  simple('costCenter'),
  simple('organization'),
  simple('division'),
  simple('department'),
  complex('manager', ['value', '$ref', 'displayName']),
]);

const GROUP_CORE = table([...COMMON, simple('displayName'), multi('members')]);

export interface SchemaDef {
  readonly urn: string;
  readonly attributes: ReadonlyMap<string, AttributeDef>;
  /** The core schema's attributes stand at the resource's top level; an extension's under its URN. */
  readonly extension: boolean;
}

const SCHEMAS: Readonly<Record<ScimKind, readonly SchemaDef[]>> = Object.freeze({
  User: [
    { urn: USER_SCHEMA, attributes: USER_CORE, extension: false },
    { urn: ENTERPRISE_SCHEMA, attributes: ENTERPRISE, extension: true },
  ],
  Group: [{ urn: GROUP_SCHEMA, attributes: GROUP_CORE, extension: false }],
});

export const schemasOfKind = (kind: ScimKind): readonly SchemaDef[] => SCHEMAS[kind];
export const coreSchemaOf = (kind: ScimKind): SchemaDef => SCHEMAS[kind][0] as SchemaDef;

/** The extension with this URN (any case), if the resource has it. */
export const extensionOf = (kind: ScimKind, urn: string): SchemaDef | undefined =>
  SCHEMAS[kind].find((s) => s.extension && s.urn.toLowerCase() === urn.toLowerCase());

export const attributeOf = (schema: SchemaDef, name: string): AttributeDef =>
  schema.attributes.get(name.toLowerCase()) ??
  scimFail(400, 'invalidPath', `"${name.slice(0, 64)}" is no attribute of ${schema.urn}.`);

export const subAttributeOf = (attr: AttributeDef, name: string): string =>
  attr.sub?.get(name.toLowerCase()) ??
  scimFail(400, 'invalidPath', `"${name.slice(0, 64)}" is no sub-attribute of ${attr.name}.`);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** PATCH refuses an unknown name (400 invalidPath); POST and PUT leave it out (the server keeps only its schemas). */
export type Unknown = 'refuse' | 'drop';

const entries = (
  v: Record<string, unknown>,
  name: (k: string) => string | undefined,
  rest: (k: string, v: unknown) => unknown,
) => {
  const out: Array<[string, unknown]> = [];
  for (const [k, x] of Object.entries(v)) {
    const n = name(k);
    if (n !== undefined) out.push([n, rest(n, x)]);
  }
  return Object.fromEntries(out);
};

/**
 * A complex attribute's value with every key checked and spelled as the schema does. A simple attribute's value
 * holds no keys at all. Arrays (multi-valued) are read item by item; a sub-attribute's value is never an object.
 */
export function checkedValue(attr: AttributeDef, value: unknown, unknown: Unknown = 'refuse'): unknown {
  if (Array.isArray(value)) return value.map((v) => checkedValue(attr, v, unknown));
  if (!isObject(value)) return value;
  return entries(
    value,
    (k) => (unknown === 'refuse' ? subAttributeOf(attr, k) : attr.sub?.get(k.toLowerCase())),
    (sub, v) => plainValue(v, `${attr.name}.${sub}`),
  );
}

/** A sub-attribute's value: never an object (its keys would be no attribute) nor a list. */
export function plainValue(v: unknown, where: string): unknown {
  if (isObject(v)) {
    const key = Object.keys(v)[0];
    if (key !== undefined) scimFail(400, 'invalidPath', `"${key.slice(0, 64)}" is no sub-attribute of ${where}.`);
  }
  if (isObject(v) || Array.isArray(v)) scimFail(400, 'invalidValue', `${where} must be a plain value.`);
  return v;
}

/** An extension's object: its attributes, each checked. */
export function checkedExtension(schema: SchemaDef, value: unknown, unknown: Unknown = 'refuse') {
  if (!isObject(value)) return scimFail(400, 'invalidValue', `${schema.urn} must be an object.`);
  const attrOf = (k: string) =>
    unknown === 'refuse' ? attributeOf(schema, k) : schema.attributes.get(k.toLowerCase());
  return entries(
    value,
    (k) => attrOf(k)?.name,
    (n, v) => checkedValue(attributeOf(schema, n), v, unknown),
  );
}

/**
 * A whole resource (POST, PUT) with the names of the server's schemas only: core attributes at the top, extensions
 * under their URN, each spelled as the schema does. Any other name, such as another directory's extension, is left
 * out and never followed.
 */
export function knownAttributes(kind: ScimKind, resource: Record<string, unknown>): Record<string, unknown> {
  const core = coreSchemaOf(kind);
  return entries(
    resource,
    (k) => extensionOf(kind, k)?.urn ?? core.attributes.get(k.toLowerCase())?.name,
    (n, v) => {
      const ext = extensionOf(kind, n);
      if (ext) return checkedExtension(ext, v, 'drop');
      return checkedValue(attributeOf(core, n), v, 'drop');
    },
  );
}
