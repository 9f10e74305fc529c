import { z } from 'zod';

/** Spec section 9: Entra ID's scopes besides the app's default scope (`<client id>/.default`). */
export const ENTRA_BASE_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;
/** Spec section 9: a forced token refresh after 15 minutes, a full silent reacquire after 30. */
export const ENTRA_FORCE_REFRESH_MS = 15 * 60_000;
export const ENTRA_REACQUIRE_MS = 30 * 60_000;
/** How long a sign-in nonce the server hands out stays usable. */
export const ENTRA_NONCE_MINUTES = 10;

/** GET /api/user/entra-config: whether the client offers "Sign in with Microsoft", and how to reach its tenant. */
export const ZEntraConfig = z.object({
  available: z.boolean(),
  clientId: z.string().nullable(),
  tenantId: z.string().nullable(),
  /** ENTRA_AUTHORITY with the tenant: `https://login.microsoftonline.com/<tenant id>`. */
  authority: z.string().nullable(),
});
export type TEntraConfig = z.infer<typeof ZEntraConfig>;

export const ZEntraNonce = z.object({ nonce: z.string() });
export type TEntraNonce = z.infer<typeof ZEntraNonce>;

/**
 * POST /api/user/login-with-entra-id: the sign-in result of the identity provider (msal's AuthenticationResult);
 * the server reads the ID token and ignores the rest.
 */
export const ZEntraLoginBody = z.looseObject({
  idToken: z.string().min(1).max(16_384),
  accessToken: z.string().max(16_384).optional(),
});
export type TEntraLoginBody = z.infer<typeof ZEntraLoginBody>;
