import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi';
import { SCIM_ERROR } from './scim-error';
import { PATCH_OP } from './scim-patch-ops';
import { LIST_RESPONSE, SCIM_DEFAULT_COUNT, SCIM_MAX_RESULTS } from './scim-query';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './scim-user-map';

// The SCIM routes' part of the OpenAPI document (platform/openapi.ts). SCIM bodies are read by hand, in RFC 7643's
// open terms (any attribute, unknown ones kept), so these schemas describe rather than validate: they name what the
// app reads and answers and leave every object open. Statuses are the routes' own (201 on create, 204 on a group's
// PATCH and on DELETE); the SCIM route walk checks every status it sees against this document.

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const SCIM = 'application/scim+json';

export const ZScimError = z
  .object({
    schemas: z.array(z.literal(SCIM_ERROR)),
    status: z.string().describe('The HTTP status, as a string (RFC 7644 section 3.12).'),
    scimType: z
      .enum([
        'invalidFilter',
        'tooMany',
        'uniqueness',
        'mutability',
        'invalidSyntax',
        'invalidPath',
        'noTarget',
        'invalidValue',
        'invalidVers',
        'sensitive',
      ])
      .optional(),
    detail: z.string(),
  })
  .meta({ description: "RFC 7644 section 3.12's error body; every SCIM answer of an error has it." });

const ZMeta = z.looseObject({
  resourceType: z.string(),
  created: z.string().optional(),
  lastModified: z.string().optional(),
  location: z.string().optional(),
  version: z.string().optional(),
});

const ZMultiValued = z.looseObject({
  value: z.string().optional(),
  type: z.string().optional(),
  primary: z.union([z.boolean(), z.string()]).optional(),
  display: z.string().optional(),
});

const userAttributes = {
  schemas: z
    .array(z.string())
    .optional()
    .describe(`${USER_SCHEMA}, and ${ENTERPRISE_SCHEMA} when its attributes are given.`),
  userName: z.string().max(256).describe('The username; unique in the client (case-insensitive).'),
  externalId: z.string().optional(),
  active: z.union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])]).optional(),
  displayName: z.string().max(256).optional(),
  name: z.looseObject({ givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
  emails: z
    .array(ZMultiValued)
    .optional()
    .describe('The work e-mail, else the primary, else the first, is the e-mail.'),
  preferredLanguage: z.string().optional(),
  locale: z.string().optional(),
  [ENTERPRISE_SCHEMA]: z.looseObject({ employeeNumber: z.string().optional() }).optional(),
};

/** A User as a directory writes it (POST, PUT): unknown attributes are kept as written, a password never. */
const ZScimUserBody = z.looseObject(userAttributes).meta({ description: 'A SCIM User (RFC 7643 section 4.1).' });
const ZScimUser = z.looseObject({ ...userAttributes, id: z.string(), meta: ZMeta });

const groupAttributes = {
  schemas: z.array(z.string()).optional().describe(GROUP_SCHEMA),
  displayName: z.string().max(256).describe('The group name; unique in the client.'),
  externalId: z.string().optional(),
  members: z.array(ZMultiValued).optional().describe('Members by the id of a User this directory made.'),
};
const ZScimGroupBody = z.looseObject(groupAttributes).meta({ description: 'A SCIM Group (RFC 7643 section 4.2).' });
const ZScimGroup = z.looseObject({ ...groupAttributes, id: z.string(), meta: ZMeta });

const ZPatchOp = z
  .looseObject({
    schemas: z.array(z.string()).optional().describe(PATCH_OP),
    Operations: z
      .array(
        z.looseObject({
          op: z.string().describe('add, replace or remove, in any case (Entra ID writes "Replace").'),
          path: z.string().max(512).optional(),
          value: z.unknown().optional(),
        }),
      )
      .min(1)
      .max(1000),
  })
  .meta({ description: 'A PatchOp message (RFC 7644 section 3.5.2).' });

const listOf = (item: z.ZodType) =>
  z.object({
    schemas: z.array(z.literal(LIST_RESPONSE)),
    totalResults: z.number().int(),
    Resources: z.array(item),
    startIndex: z.number().int(),
    itemsPerPage: z.number().int(),
  });

const ZDiscovery = z.looseObject({ schemas: z.array(z.string()) });

const ok = (description: string, schema: z.ZodType) => ({ 200: { description, content: { [SCIM]: schema } } });
const body = (schema: z.ZodType) => ({ contentType: SCIM, schema });
const created = (schema: z.ZodType) => ({
  201: { description: 'Created; `Location` names the new resource.', content: { [SCIM]: schema } },
});
const noContent = { 204: { description: 'Done; no body.' } };

/** RFC 7644 section 3.4.3's search by POST, which ServiceProviderConfig does not offer: 501, and no success. */
const NOT_OFFERED: RouteDoc = { responses: {}, errors: { 501: [] } };

const listDescription = `A page: filter (\`eq\` terms joined by \`and\`), startIndex (from 1), count (default ${SCIM_DEFAULT_COUNT}, at most ${SCIM_MAX_RESULTS}).`;

/** The documentation of each SCIM route, by method and path below the prefix. */
const SCIM_DOCS: ReadonlyMap<string, RouteDoc> = new Map<string, RouteDoc>([
  [
    'GET /ServiceProviderConfig',
    { summary: 'What this SCIM server supports', responses: ok('The configuration.', ZDiscovery) },
  ],
  ['GET /ResourceTypes', { summary: 'List the resource types', responses: ok('User and Group.', listOf(ZDiscovery)) }],
  ['GET /ResourceTypes/:id', { summary: 'Read a resource type', responses: ok('The resource type.', ZDiscovery) }],
  ['GET /Schemas', { summary: 'List the schemas', responses: ok('The schemas.', listOf(ZDiscovery)) }],
  ['GET /Schemas/:id', { summary: 'Read a schema', responses: ok('The schema.', ZDiscovery) }],
  ['GET /Users', { summary: 'List or filter users', responses: ok(listDescription, listOf(ZScimUser)) }],
  ['POST /Users', { summary: 'Create a user', body: body(ZScimUserBody), responses: created(ZScimUser) }],
  ['GET /Users/:id', { summary: 'Read a user', responses: ok('The user.', ZScimUser) }],
  ['PUT /Users/:id', { summary: 'Replace a user', body: body(ZScimUserBody), responses: ok('The user.', ZScimUser) }],
  ['PATCH /Users/:id', { summary: 'Change a user', body: body(ZPatchOp), responses: ok('The user.', ZScimUser) }],
  ['DELETE /Users/:id', { summary: 'Delete a user', responses: noContent }],
  ['GET /Groups', { summary: 'List or filter groups', responses: ok(listDescription, listOf(ZScimGroup)) }],
  ['POST /Groups', { summary: 'Create a group', body: body(ZScimGroupBody), responses: created(ZScimGroup) }],
  ['GET /Groups/:id', { summary: 'Read a group', responses: ok('The group.', ZScimGroup) }],
  [
    'PUT /Groups/:id',
    { summary: 'Replace a group', body: body(ZScimGroupBody), responses: ok('The group.', ZScimGroup) },
  ],
  ['PATCH /Groups/:id', { summary: 'Change a group (members too)', body: body(ZPatchOp), responses: noContent }],
  ['DELETE /Groups/:id', { summary: 'Delete a group', responses: noContent }],
  ...['/.search', '/Users/.search', '/Groups/.search'].map((path): [string, RouteDoc] => [
    `POST ${path}`,
    { summary: 'Search by POST: not offered', ...NOT_OFFERED },
  ]),
]);

/** The RouteDoc of a SCIM route; a route not listed here is documented by the platform's defaults alone. */
export const scimRouteDoc = (method: string, path: string): RouteDoc => ({
  ...SCIM_DOCS.get(`${method} ${path}`),
  errorSchema: 'ScimError',
});
