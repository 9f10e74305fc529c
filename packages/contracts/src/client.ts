import { z } from 'zod';
import { ZEmail, ZId, ZIsoDate } from './common';

export const LEGAL_TEXT_TYPES = ['CSX', 'RESELLER', 'URL', 'UPLOAD', 'MARKDOWN', 'CUSTOM'] as const;
export const ZLegalTextType = z.enum(LEGAL_TEXT_TYPES);

const ZColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected #rrggbb');
export const ZClientColours = z.object({
  primaryButton: ZColour,
  secondaryButton: ZColour,
  info: ZColour,
  headline: ZColour,
  text: ZColour,
  background: ZColour,
  text2: ZColour,
});
export type TClientColours = z.infer<typeof ZClientColours>;

export const DEFAULT_COLOURS: TClientColours = {
  primaryButton: '#1c5d99',
  secondaryButton: '#639fab',
  info: '#2f6f8f',
  headline: '#1a2b3c',
  text: '#1f2933',
  background: '#f7f9fb',
  text2: '#52606d',
};

/** What `GET /api/client/current` tells anyone, signed in or not: nothing secret. */
export const ZPublicClient = z.object({
  id: ZId,
  name: z.string(),
  platformDomain: z.string(),
  platformActive: z.boolean(),
  colours: ZClientColours,
  logoUrl: z.string().nullable(),
  supportEmail: ZEmail.nullable(),
  minPasswordLength: z.number().int(),
  imprintType: ZLegalTextType.nullable(),
  privacyPolicyType: ZLegalTextType.nullable(),
  entraEnabled: z.boolean(),
  /** The header the API reads the session token from (ARCHITECTURE section 8, AUTH_HEADER). */
  authHeader: z.enum(['Authorization', 'X-Authorization']),
  platformStart: ZIsoDate.nullable(),
  platformEnd: ZIsoDate.nullable(),
});
export type TPublicClient = z.infer<typeof ZPublicClient>;
