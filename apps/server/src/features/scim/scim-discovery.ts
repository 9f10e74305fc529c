import { SCIM_MAX_RESULTS } from './scim-query';
import type { ScimKind } from './scim-resource.repository';
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, schemasOfKind, USER_SCHEMA } from './scim-schema';

// RFC 7643 sections 5-7: what this server offers, for directories that read it before they provision.

const SPC = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export const serviceProviderConfig = (base: string) => ({
  schemas: [SPC],
  documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: "A secret token of the client, created by its reseller in the client's tokens tab.",
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

const resourceTypeList = (base: string) => [
  {
    schemas: [RESOURCE_TYPE],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'User Account',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: [RESOURCE_TYPE],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'Group',
    schema: GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

type Attr = Record<string, unknown>;
const attr = (name: string, type = 'string', more: Attr = {}): Attr => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});
/** Characteristics other than a readWrite string's (RFC 7643 section 2.2), by attribute path. */
const SPECIAL: ReadonlyMap<string, Attr> = new Map<string, Attr>([
  ['userName', { required: true, uniqueness: 'server' }],
  ['active', { type: 'boolean' }],
  ['password', { mutability: 'writeOnly', returned: 'never' }],
  ['groups', { mutability: 'readOnly' }],
  ['profileUrl', { type: 'reference', referenceTypes: ['external'] }],
  ['primary', { type: 'boolean' }],
  ['$ref', { type: 'reference', referenceTypes: ['User', 'Group', 'external'] }],
  ['Group.displayName', { required: true, uniqueness: 'server' }],
  ['Group.members.value', { mutability: 'immutable' }],
]);
const special = (kind: ScimKind, path: string): Attr =>
  SPECIAL.get(`${kind}.${path}`) ?? SPECIAL.get(path) ?? SPECIAL.get(path.split('.').at(-1) ?? '') ?? {};

/** RFC 7643 section 7: the common attributes (id, externalId, meta, schemas) are not part of a schema's list. */
const COMMON = new Set(['id', 'externalId', 'meta', 'schemas']);

/** The attributes a schema lists: exactly those scim-schema.ts lets a directory write. */
const attributesOf = (kind: ScimKind, urn: string): Attr[] => {
  const schema = schemasOfKind(kind).find((x) => x.urn === urn);
  return [...(schema?.attributes.values() ?? [])]
    .filter((a) => !COMMON.has(a.name))
    .map((a) => {
      const own = special(kind, a.name);
      if (!a.sub) return attr(a.name, 'string', own);
      const subAttributes = [...a.sub.values()].map((n) => attr(n, 'string', special(kind, `${a.name}.${n}`)));
      return attr(a.name, 'complex', { multiValued: a.multiValued, subAttributes, ...own });
    });
};

const schemaList = (base: string) => [
  {
    schemas: [SCHEMA],
    id: USER_SCHEMA,
    name: 'User',
    description: 'User Account',
    attributes: attributesOf('User', USER_SCHEMA),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
  },
  {
    schemas: [SCHEMA],
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: attributesOf('User', ENTERPRISE_SCHEMA),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${ENTERPRISE_SCHEMA}` },
  },
  {
    schemas: [SCHEMA],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'Group',
    attributes: attributesOf('Group', GROUP_SCHEMA),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${GROUP_SCHEMA}` },
  },
];

const list = (items: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
  totalResults: items.length,
  Resources: items,
  startIndex: 1,
  itemsPerPage: items.length,
});

export const resourceTypes = (base: string) => list(resourceTypeList(base));
export const resourceType = (base: string, id: string) => resourceTypeList(base).find((r) => r.id === id);
export const schemas = (base: string) => list(schemaList(base));
export const schemaById = (base: string, id: string) => schemaList(base).find((s) => s.id === id);
