import { STATUS_ACCESS_TOKEN_EXPIRED, ZApiError } from '@lms/contracts/errors';
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access';

// The OpenAPI document (/api/docs/json) is generated, never written: @fastify/swagger walks the routes, and
// fastify-type-provider-zod turns the zod schemas each route validates with into JSON Schema. This module adds what
// the routes share, once for every route, so that a route declares only what is its own (its success status and
// schema, and the odd error of its own rules), and a route added later is documented the same way without a word:
//   - summary, operationId and tag from method and path (unless the route's schema names them);
//   - the security scheme from `config.access` (the session bearer in AUTH_HEADER, the client token);
//   - every error status the platform can answer for the route, from what the route declares (access, schema,
//     method, path parameters) with the one error body (ZApiError) and the codes that status carries;
//   - what a route that reads its own body or answers a file declares in `config.openapi` (RouteDoc).
// Routes outside /api (SCIM) describe themselves in RFC 7644's terms through the same RouteDoc.

/** The document's introduction: what holds for every operation. */
export const API_DESCRIPTION = [
  "The client (tenant) is chosen by the Host header: call the API on the client's own host.",
  'Errors answer `{error, message, details?}` (schema ApiError) with a code of one closed catalogue; each answer',
  'names the codes its status carries. SCIM (/scim/v2) answers RFC 7644 errors (schema ScimError).',
  'A method a path does not declare answers 405 `method_not_allowed` with an `Allow` header.',
  "Status 399 means a SCIM user's identity-provider access token (`Access-Token` header) has expired.",
].join(' ');

/** What a route's schema cannot say: a body it reads itself, answers that are no JSON, errors of its own rules. */
export interface RouteDoc {
  summary?: string;
  /** A body the route reads itself (multipart uploads, SCIM's JSON): one media type and its schema. */
  body?: { contentType: string; schema: z.ZodType; description?: string; encoding?: Record<string, object> };
  /**
   * Answers beyond the schema's `response`, or in its place (files, 201, 204, a redirect); given, even empty, it
   * replaces @fastify/swagger's placeholder 200 of a route whose schema names no answer.
   */
  responses?: Record<number, DocResponse>;
  /** Error statuses and codes of the route's own rules, beyond those every route of its kind answers. */
  errors?: Partial<Record<number, readonly string[]>>;
  /** The error body of the scope (RFC 7644's error in SCIM), when not the app's `{error, message, details}`. */
  errorSchema?: 'ApiError' | 'ScimError';
}

export interface DocResponse {
  description: string;
  /** Media type -> the body's schema, or null for a file; none for an answer without a body (204, a redirect). */
  content?: Record<string, z.ZodType | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation the route's schema cannot carry (platform/openapi.ts). */
    openapi?: RouteDoc;
  }
}

/** A route answering 429 `rate_limited` past its limit (platform/request-limits.ts, auth/login-throttle.ts). */
export const RATE_LIMITED: RouteDoc = { errors: { 429: ['rate_limited'] } };

/** Several RouteDocs as one: answers and errors of all (codes of one status joined), the last summary and body. */
export function mergeDocs(...docs: RouteDoc[]): RouteDoc {
  const errors: Partial<Record<number, string[]>> = {};
  const responses: Record<number, DocResponse> = {};
  for (const d of docs) {
    for (const [status, codes] of Object.entries(d.errors ?? {}))
      errors[Number(status)] = [...(errors[Number(status)] ?? []), ...(codes ?? [])];
    Object.assign(responses, d.responses);
  }
  const merged: RouteDoc = docs.reduce<RouteDoc>((all, d) => ({ ...all, ...d }), {});
  return { ...merged, responses, errors };
}

/** A route answering a file of `contentType` (a download, a picture). */
export const fileAnswer = (contentTypes: string[], description = 'The file.'): RouteDoc => ({
  responses: { 200: { description, content: Object.fromEntries(contentTypes.map((t) => [t, null])) } },
});

/** Texts of the statuses the document names. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  307: 'Temporary redirect',
  [STATUS_ACCESS_TOKEN_EXPIRED]: 'Identity-provider access token expired',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway (a service the platform calls failed)',
  501: 'Not implemented',
  503: 'Service unavailable',
};

/** The facts about a route the document's shared parts follow from, kept on the operation until transformObject. */
interface RouteFacts {
  scope: 'api' | 'platform' | 'scim';
  access: Access | undefined;
  allowWhilePasswordChange: boolean;
  hasParams: boolean;
  readsBody: boolean;
  multipart: boolean;
  /** The body's part encodings (a multipart field of JSON), which @fastify/swagger does not carry. */
  encoding?: Record<string, object>;
  doc: Omit<RouteDoc, 'body'>;
}

const FACTS = 'x-lms-route';

const scopeOf = (url: string): RouteFacts['scope'] =>
  url.startsWith('/scim/') ? 'scim' : url === '/api/health' || url.startsWith('/api/docs') ? 'platform' : 'api';

const words = (url: string) =>
  url
    .split('/')
    .filter((s) => s !== '' && s !== 'api' && s !== 'v2')
    .map((s) => (s.startsWith(':') ? `by-${s.slice(1)}` : s));

const camel = (parts: string[]) =>
  parts
    .flatMap((p) => p.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((p, i) => (i === 0 ? p.toLowerCase() : p[0]?.toUpperCase() + p.slice(1)))
    .join('');

/** `GET /api/users/:id` -> `getUsersById`: unique while method and path are. */
export const operationIdOf = (method: string, url: string): string => camel([method, ...words(url)]);

/** The tag groups the operations by their first path segment (`users`, `course-training`, `scim`). */
const tagOf = (url: string): string => (url.startsWith('/scim/') ? 'scim' : (words(url)[0] ?? 'api'));

/** The OpenAPI path of a route URL (`:id` -> `{id}`), as @fastify/swagger writes it. */
export const openapiPathOf = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };

/**
 * The per-route transform: the route's zod schemas become JSON Schema (fastify-type-provider-zod), with the body and
 * answers its RouteDoc adds; the facts for the shared parts ride along on the operation.
 */
export function routeTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const route = (input as { route: RouteOptions }).route;
  const schema = (input.schema ?? {}) as Schema;
  const doc = route.config?.openapi ?? {};
  const method = [route.method].flat()[0] ?? 'GET';
  if (route.config?.methodNotAllowed || schema.hide || (route.url.endsWith('/') && route.url !== '/')) {
    // The spec writes a few paths with a trailing slash; both spellings answer, the document names the one without.
    return { schema: { hide: true }, url: input.url };
  }
  const augmented: Schema = {
    ...schema,
    ...(doc.body ? { body: doc.body.schema, consumes: [doc.body.contentType] } : {}),
  };
  const out = jsonSchemaTransform({ ...input, schema: augmented });
  const transformed = (out.schema ?? {}) as Schema;
  const { body: _body, ...answers } = doc;
  const facts: RouteFacts = {
    scope: scopeOf(route.url),
    access: route.config?.access,
    allowWhilePasswordChange: !!route.config?.allowWhilePasswordChange,
    hasParams: route.url.includes(':'),
    readsBody: !['GET', 'HEAD'].includes(method),
    multipart: doc.body?.contentType === 'multipart/form-data',
    encoding: doc.body?.encoding,
    doc: answers,
  };
  return {
    url: out.url,
    schema: {
      summary: doc.summary ?? `${method} ${openapiPathOf(route.url)}`,
      operationId: operationIdOf(method, route.url),
      tags: [tagOf(route.url)],
      ...transformed,
      [FACTS]: facts,
    } as FastifySchema,
  };
}

interface ErrorStatus {
  status: number;
  codes: readonly string[];
  note?: string;
}

/** The error statuses a route can answer, each with the codes the platform sends (ARCHITECTURE "Request flow"). */
function errorStatuses(f: RouteFacts, operationCodes: ReadonlyMap<number, readonly string[]>): ErrorStatus[] {
  const out: ErrorStatus[] = [];
  const add = (status: number, codes: readonly string[], note?: string) => {
    const own = operationCodes.get(status) ?? [];
    out.push({ status, codes: [...new Set([...codes, ...own])], note });
  };
  if (f.scope === 'scim') {
    add(400, ['invalidSyntax', 'invalidValue', 'invalidFilter', 'invalidPath', 'noTarget', 'mutability', 'tooMany']);
    add(401, [], 'The bearer token is missing, unknown, expired or invalidated.');
    add(404, [], 'An unknown client, or no resource with this id.');
    if (f.readsBody) {
      add(409, ['uniqueness']);
      add(413, []);
      add(415, []);
    }
  } else {
    const session = f.scope === 'api' && f.access !== 'public' && f.access !== 'clientToken';
    const multipart = f.multipart ? ['invalid_multipart', 'upload_incomplete', 'upload_failed'] : [];
    add(400, ['validation_failed', 'bad_request', ...multipart]);
    if (f.access === 'clientToken') add(401, ['client_token_invalid']);
    if (session) {
      add(401, ['unauthorized', 'session_expired']);
      add(
        STATUS_ACCESS_TOKEN_EXPIRED,
        ['access_token_expired'],
        'A SCIM user without a current `Access-Token` header.',
      );
      const forbidden = ['platform_inactive'];
      if (!f.allowWhilePasswordChange) forbidden.push('password_change_required');
      if (f.access !== 'user') forbidden.push('forbidden');
      add(403, forbidden);
    }
    if (f.scope === 'api') add(404, f.hasParams ? ['client_not_found', 'not_found'] : ['client_not_found']);
    if (f.readsBody) {
      add(409, ['conflict']);
      add(413, ['payload_too_large']);
    }
  }
  for (const [status, codes] of operationCodes) {
    if (!out.some((e) => e.status === status)) add(status, codes);
  }
  add(500, f.scope === 'scim' ? [] : ['unknown_error']);
  // Any route may meet a database outage; most may meet a storage one too (an upload, a download, a completion that
  // issues a certificate), so both codes stand on every /api route rather than on a guessed few.
  add(503, f.scope === 'scim' ? [] : ['database_busy', 'storage_unavailable']);
  return out.sort((a, b) => a.status - b.status);
}

const errorResponse = (e: ErrorStatus, schemaName: string, mediaType: string) => {
  const listed = e.codes.map((c) => `\`${c}\``).join(', ');
  const field = schemaName === 'ScimError' ? 'scimType' : 'error';
  const parts = [STATUS_TEXT[e.status] ?? `Status ${e.status}`];
  if (listed) parts.push(`${field}: ${listed}`);
  if (e.note) parts.push(e.note);
  return {
    description: `${parts.join('. ')}.`,
    content: { [mediaType]: { schema: { $ref: `#/components/schemas/${schemaName}` } } },
  };
};

/** An answer's JSON Schema, as fastify-type-provider-zod writes the routes' (the document states the dialect once). */
const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  return rest;
};

const docResponse = (answer: DocResponse) => ({
  description: answer.description,
  ...(answer.content
    ? {
        content: Object.fromEntries(
          Object.entries(answer.content).map(([type, schema]) => [
            type,
            { schema: schema ? jsonSchemaOf(schema) : { type: 'string', format: 'binary' } },
          ]),
        ),
      }
    : {}),
});

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Operation = Record<string, unknown> & { responses?: Record<string, unknown>; [FACTS]?: RouteFacts };
type OpenApiObject = Record<string, unknown> & {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

export interface DocumentOptions {
  /** The header the session token travels in (AUTH_HEADER). */
  authHeader: string;
  /** SCIM's error body, from the SCIM feature (platform code imports no feature). */
  scimErrorSchema?: z.ZodType;
}

/** The whole-document step: security, the shared error answers, the error bodies, the schemes and the tags. */
export const documentTransform =
  (opts: DocumentOptions): SwaggerTransformObject =>
  (input) => {
    if (!('openapiObject' in input)) throw new Error('OpenAPI 2.0 is not supported');
    const doc = input.openapiObject as OpenApiObject;
    const tags = new Set<string>();
    for (const item of Object.values(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item)) {
        if (!HTTP_METHODS.includes(method)) continue;
        const facts = op[FACTS];
        delete op[FACTS];
        if (!facts) continue;
        for (const tag of (op.tags as string[] | undefined) ?? []) tags.add(tag);
        const content = (op.requestBody as { content?: Record<string, Record<string, unknown>> } | undefined)?.content;
        for (const media of Object.values(content ?? {})) if (facts.encoding) media.encoding = facts.encoding;
        op.security = securityOf(facts);
        const responses: Record<string, unknown> = { ...op.responses };
        const declared = facts.doc.responses ?? {};
        // @fastify/swagger's placeholder 200 (a route whose schema names no answer) goes where the RouteDoc names
        // the answers.
        if (facts.doc.responses && !(responses['200'] as { content?: unknown } | undefined)?.content)
          delete responses['200'];
        for (const [status, answer] of Object.entries(declared)) responses[status] = docResponse(answer);
        for (const [status, r] of Object.entries(responses)) {
          const resp = r as { description?: string };
          if (resp.description === 'Default Response') resp.description = STATUS_TEXT[Number(status)] ?? 'OK';
        }
        const schemaName = facts.doc.errorSchema ?? (facts.scope === 'scim' ? 'ScimError' : 'ApiError');
        const mediaType = schemaName === 'ScimError' ? 'application/scim+json' : 'application/json';
        const own = new Map(Object.entries(facts.doc.errors ?? {}).map(([s, c]) => [Number(s), c ?? []] as const));
        for (const e of errorStatuses(facts, own))
          responses[String(e.status)] = errorResponse(e, schemaName, mediaType);
        op.responses = responses;
      }
    }
    const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
    const result: OpenApiObject = {
      ...doc,
      servers: [{ url: '/', description: "The client's own host: the Host header chooses the client." }],
      tags: [...tags].sort().map((name) => ({
        name,
        description:
          name === 'scim'
            ? "User and group provisioning by the client's directory (RFC 7643/7644), under /scim/v2."
            : `The operations under /api/${name}.`,
      })),
      components: {
        ...components,
        schemas: {
          ...components.schemas,
          ApiError: {
            ...jsonSchemaOf(ZApiError),
            description: 'The one error body of the app (the closed catalogue, packages/contracts/src/errors.ts).',
          },
          ...(opts.scimErrorSchema ? { ScimError: jsonSchemaOf(opts.scimErrorSchema) } : {}),
        },
        securitySchemes: {
          session: sessionScheme(opts.authHeader),
          clientToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A client's secret token (`lms_...`, made on the client's Tokens tab), in `Authorization`: the directory ping and SCIM.",
          },
        },
      },
    };
    return result;
  };

const sessionScheme = (authHeader: string) =>
  authHeader === 'authorization'
    ? { type: 'http', scheme: 'bearer', description: 'The session token that /api/user/login answers.' }
    : {
        type: 'apiKey',
        in: 'header',
        name: 'X-Authorization',
        description: 'The session token that /api/user/login answers, as `Bearer <token>` (AUTH_HEADER).',
      };

/** Public routes need nothing (`[]`); a session token on them is read when valid and ignored otherwise. */
function securityOf(f: RouteFacts): Array<Record<string, string[]>> {
  if (f.scope === 'scim' || f.access === 'clientToken') return [{ clientToken: [] }];
  if (f.scope === 'platform' || f.access === 'public' || f.access === undefined) return [];
  return [{ session: [] }];
}
