import { z } from 'zod';
import { pageOf, ZId, ZIsoDate, ZIsoDateTime, ZPageQuery } from './common';

/** The prefix of every client token's secret, so a leaked one is recognisable (and greppable by scanners). */
export const CLIENT_TOKEN_PREFIX = 'lms_';

/**
 * Spec section 3 "Client token": name, expiration, status, created by, last accessed. The secret is not part of it:
 * it appears once, in the creation answer (DECISIONS "secret tokens").
 */
export const ZClientToken = z.object({
  id: ZId,
  clientId: ZId,
  name: z.string(),
  /** Valid through this UTC day; null: no expiry. */
  expiresOn: ZIsoDate.nullable(),
  /** Spec section 4 "Token active to invalidated". */
  status: z.enum(['active', 'inactive']),
  /** An active token past its expiry day: refused like an inactive one. */
  expired: z.boolean(),
  createdByName: z.string(),
  createdAt: ZIsoDateTime,
  lastAccessedAt: ZIsoDateTime.nullable(),
  invalidatedAt: ZIsoDateTime.nullable(),
});
export type TClientToken = z.infer<typeof ZClientToken>;

export const CLIENT_TOKEN_SORTS = ['createdAt', 'name', 'expiresOn', 'lastAccessedAt'] as const;

export const ZClientTokenQuery = ZPageQuery.extend({
  clientId: ZId,
  sort: z.enum(CLIENT_TOKEN_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TClientTokenQuery = z.input<typeof ZClientTokenQuery>;

export const ZClientTokenPage = pageOf(ZClientToken);
export type TClientTokenPage = z.infer<typeof ZClientTokenPage>;

export const ZCreateClientTokenBody = z.object({
  clientId: ZId,
  name: z.string().trim().min(1).max(100),
  expiresOn: ZIsoDate.nullable().default(null),
});
export type TCreateClientTokenBody = z.input<typeof ZCreateClientTokenBody>;

/** The only answer that carries the secret. */
export const ZCreatedClientToken = z.object({ token: ZClientToken, secret: z.string() });
export type TCreatedClientToken = z.infer<typeof ZCreatedClientToken>;

export const ZInvalidateClientTokensQuery = z.object({ clientId: ZId });
export const ZInvalidatedClientTokens = z.object({ invalidated: z.number().int() });
export type TInvalidatedClientTokens = z.infer<typeof ZInvalidatedClientTokens>;

/** The token-authenticated ping of the client's directory (SCIM comes later): who the token belongs to. */
export const ZDirectoryPing = z.object({ clientId: ZId, clientName: z.string() });
export type TDirectoryPing = z.infer<typeof ZDirectoryPing>;
