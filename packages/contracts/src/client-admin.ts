import { z } from 'zod';
import { ZClientColours } from './client';
import { ZEmail, ZId, ZIsoDate, ZIsoDateTime, ZLocale, ZPageQuery, pageOf } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

// The client administration of issue 11 (spec sections 3 and 7: GET /client, POST /client[/{id}], GET
// /client-settings). Legal texts, contacts, companies, tokens and SMTP have contracts of their own.

/** The logo of DECISIONS "Clients" (at most CLIENT_LOGO_MAX_BYTES). */
export const CLIENT_LOGO_TYPES = ['png', 'jpg', 'svg', 'webp'] as const;

const ZText = (max: number) => z.string().trim().max(max);
const ZOptionalText = (max: number) => ZText(max).nullable();

/** Users per state of one client (spec section 3 "figures"). */
export const ZClientFigures = z.object({
  activeUsers: z.number().int(),
  inactiveUsers: z.number().int(),
  deletedUsers: z.number().int(),
});
export type TClientFigures = z.infer<typeof ZClientFigures>;

export const ZClientAddress = z.object({
  street: ZOptionalText(200),
  houseNumber: ZOptionalText(20),
  zip: ZOptionalText(20),
  city: ZOptionalText(200),
});

export const ZEntraSettings = z.object({
  enabled: z.boolean(),
  clientId: ZOptionalText(200),
  tenantId: ZOptionalText(200),
});

/** A row of the client overview (`GET /api/client`). */
export const ZClientSummary = z.object({
  id: ZId,
  name: z.string(),
  platformDomain: z.string(),
  platformActive: z.boolean(),
  platformStart: ZIsoDate.nullable(),
  platformEnd: ZIsoDate.nullable(),
  /** Whether the platform lets participants in today (active and within its dates: DECISIONS "platform active"). */
  platformOpen: z.boolean(),
  isReseller: z.boolean(),
  resellerClientId: ZId.nullable(),
  resellerName: z.string().nullable(),
  figures: ZClientFigures,
});
export type TClientSummary = z.infer<typeof ZClientSummary>;

export const CLIENT_SORTS = ['name', 'platformDomain', 'platformEnd', 'createdAt'] as const;
export const ZClientSort = z.enum(CLIENT_SORTS);
export type TClientSort = z.infer<typeof ZClientSort>;

export const ZClientListQuery = ZPageQuery.extend({ sort: ZClientSort.default('name') });
export type TClientListQuery = z.infer<typeof ZClientListQuery>;
export const ZClientPage = pageOf(ZClientSummary);
export type TClientPage = z.infer<typeof ZClientPage>;

/** What a caller may do with the client it reads: RESELLER_COORDINATOR reads only (PERMISSIONS.md 'resold-read'). */
export const ZClientAccess = z.enum(['write', 'read']);

/** One client as its administration screens show it (`GET /api/client/{id}`). */
export const ZClient = ZClientSummary.extend({
  address: ZClientAddress,
  colours: ZClientColours,
  logoUrl: z.string().nullable(),
  supportEmail: ZEmail.nullable(),
  emailFooter: z.string().nullable(),
  invoiceClientId: z.string().nullable(),
  minPasswordLength: z.number().int(),
  entra: ZEntraSettings,
  access: ZClientAccess,
  /**
   * Whether the caller may change the licence window (platform active flag, dates, platform domain, invoice client
   * id): only who sells the licence (PERMISSIONS.md "licence window"); a change by anyone else is 403
   * client_licence_read_only.
   */
  licenceAccess: ZClientAccess,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TClient = z.infer<typeof ZClient>;

/** The fields a client form saves (all of them: the form sends the whole client). */
export const ZClientFields = z.object({
  name: ZText(200).min(1),
  /** Any spelling (`https://Acme.example:443/`); stored as the bare lower-case host name. */
  platformDomain: ZText(300).min(1),
  address: ZClientAddress,
  colours: ZClientColours,
  platformActive: z.boolean(),
  platformStart: ZIsoDate.nullable(),
  platformEnd: ZIsoDate.nullable(),
  supportEmail: ZEmail.nullable(),
  emailFooter: ZOptionalText(2_000),
  invoiceClientId: ZOptionalText(100),
  /** DECISIONS "password rule": the client's minimum, never below 8. */
  minPasswordLength: z.number().int().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  entra: ZEntraSettings,
});
export type TClientFields = z.infer<typeof ZClientFields>;

export const ZUpdateClientBody = ZClientFields.partial().extend({
  /** Only a SUPERADMIN changes it (DECISIONS "Clients"). */
  isReseller: z.boolean().optional(),
});
export type TUpdateClientBody = z.infer<typeof ZUpdateClientBody>;

/** The new client's first ADMIN, who gets an activation mail (DECISIONS "initial password"). */
export const ZFirstAdmin = z.object({
  email: ZEmail,
  firstName: ZText(100).min(1),
  lastName: ZText(100).min(1),
  locale: ZLocale,
});

export const ZCreateClientBody = ZClientFields.partial({
  address: true,
  colours: true,
  platformActive: true,
  platformStart: true,
  platformEnd: true,
  supportEmail: true,
  emailFooter: true,
  invoiceClientId: true,
  minPasswordLength: true,
  entra: true,
}).extend({
  /** Only a SUPERADMIN marks a client as a reseller (DECISIONS "Clients"). */
  isReseller: z.boolean().default(false),
  admin: ZFirstAdmin,
});
export type TCreateClientBody = z.input<typeof ZCreateClientBody>;

/** `GET /api/client-settings?key=&subkey=` (spec section 7): the signed-in user's client's setting. */
export const ZClientSettingsQuery = z.object({
  key: z.string().trim().min(1).max(100),
  subkey: z.string().trim().max(100).optional(),
});
export const ZClientSetting = z.object({ key: z.string(), subkey: z.string(), value: z.unknown() });
export const ZClientSettingsAnswer = z.object({ items: z.array(ZClientSetting) });
export type TClientSettingsAnswer = z.infer<typeof ZClientSettingsAnswer>;
