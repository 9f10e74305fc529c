import { SCIM_MAX_RESULTS } from './scim-query';
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from './scim-schema';

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
const complex = (name: string, sub: Attr[], multi = false): Attr =>
  attr(name, 'complex', { multiValued: multi, subAttributes: sub });

const schemaList = (base: string) => [
  {
    schemas: [SCHEMA],
    id: USER_SCHEMA,
    name: 'User',
    description: 'User Account',
    attributes: [
      attr('userName', 'string', { required: true, uniqueness: 'server' }),
      complex('name', [attr('formatted'), attr('familyName'), attr('givenName')]),
      attr('displayName'),
      attr('preferredLanguage'),
      attr('locale'),
      attr('active', 'boolean'),
      attr('password', 'string', { mutability: 'writeOnly', returned: 'never' }),
      complex('emails', [attr('value'), attr('type'), attr('primary', 'boolean')], true),
      complex('groups', [attr('value'), attr('display')], true),
    ].map((a) => (a.name === 'groups' ? { ...a, mutability: 'readOnly' } : a)),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
  },
  {
    schemas: [SCHEMA],
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [attr('employeeNumber'), attr('department'), attr('organization')],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${ENTERPRISE_SCHEMA}` },
  },
  {
    schemas: [SCHEMA],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'Group',
    attributes: [
      attr('displayName', 'string', { required: true, uniqueness: 'server' }),
      complex('members', [attr('value', 'string', { mutability: 'immutable' }), attr('display')], true),
    ],
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
