import { z } from 'zod';
import { LOCALES } from './constants';
import { ZId, ZIsoDateTime, ZLocale, ZPageQuery } from './common';

/** Every mail the platform sends has a template kind, and a default template of it in each locale (DECISIONS). */
export const MAIL_TEMPLATE_KINDS = [
  'activation',
  'password_reset',
  'forgot_username',
  'invitation',
  'reminder',
  'data_change_request',
  'appointment_request',
  'certificate_issued',
  'premium_invoice',
  'premium_confirmation',
  'gdpr_export_ready',
  'inactivity_warning',
  // Issue 30 point 1: to the participant when the renewal window opens and when the validity ended; to the
  // training's coordinators, one mail per training and day naming the people ({{details}}).
  'recertification_due',
  'certification_expired',
  'recertification_due_coordinator',
  'certification_expired_coordinator',
  // Issue 31 point 4: the coordinator's weekly digest of their groups ({{overdue}}, {{expiring}}, {{completed}}:
  // one line per group with its figure and report link; each may be empty).
  'digest',
] as const;
export type TMailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];
export const ZMailTemplateKind = z.enum(MAIL_TEMPLATE_KINDS);

/**
 * The kinds whose link carries a one-time token (DECISIONS "reset and activation links"): their `{{link}}` may stand
 * only on a line of its own in the text and only as the exact `href` of a link in the HTML (issue 28 point 1). A new
 * kind with a secret link belongs here.
 */
export const SECRET_LINK_KINDS: ReadonlySet<TMailTemplateKind> = new Set<TMailTemplateKind>([
  'activation',
  'password_reset',
]);

/**
 * DECISIONS "template placeholders", plus `details`: the pre-formatted request text of the mails that carry one
 * (forgot username, data-change and appointment requests, invoices), which the eight named values cannot hold; and
 * the weekly digest's period and sections.
 */
export const MAIL_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'name',
  'courseTitle',
  'deadline',
  'link',
  'clientName',
  'supportEmail',
  'details',
  // Issue 31 point 4, the weekly digest: the week it covers, and its three sections (one line per group and figure,
  // with the report's link), each empty when there is nothing to say.
  'period',
  'overdue',
  'expiring',
  'completed',
] as const;
export type TMailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
export type TMailValues = Partial<Record<TMailPlaceholder, string>>;

/** The placeholders whose value has several lines: the HTML part keeps their line breaks. */
export const MULTILINE_PLACEHOLDERS: ReadonlySet<TMailPlaceholder> = new Set<TMailPlaceholder>([
  'details',
  'overdue',
  'expiring',
  'completed',
]);

export const ZMailTemplateContent = z.object({
  subject: z.string().trim().min(1).max(300),
  bodyText: z.string().trim().min(1).max(100_000),
  /** Empty: the HTML part is made from the text. An uploaded HTML file wins over both. */
  bodyHtml: z.string().max(200_000).nullable(),
});
export type TMailTemplateContent = z.infer<typeof ZMailTemplateContent>;

export const ZMailTemplateLocale = ZMailTemplateContent.extend({
  locale: ZLocale,
  htmlFileName: z.string().nullable(),
});
export type TMailTemplateLocale = z.infer<typeof ZMailTemplateLocale>;

export const ZMailTemplate = z.object({
  id: ZId,
  kind: ZMailTemplateKind,
  name: z.string(),
  /** The client's standard template of its kind (made from the built-in default); others are e.g. per course. */
  isStandard: z.boolean(),
  locales: z.array(ZMailTemplateLocale),
  updatedAt: ZIsoDateTime,
});
export type TMailTemplate = z.infer<typeof ZMailTemplate>;

export const ZMailTemplateListItem = ZMailTemplate.omit({ locales: true }).extend({ subject: z.string() });
export type TMailTemplateListItem = z.infer<typeof ZMailTemplateListItem>;

export const MAIL_TEMPLATE_SORTS = ['name', 'kind', 'updatedAt'] as const;
export const ZMailTemplateListQuery = ZPageQuery.extend({
  sort: z.enum(MAIL_TEMPLATE_SORTS).optional(),
  kind: ZMailTemplateKind.optional(),
});
export type TMailTemplateListQuery = z.infer<typeof ZMailTemplateListQuery>;

const ZLocaleContents = z.partialRecord(ZLocale, ZMailTemplateContent);

export const ZCreateMailTemplateBody = z.object({
  kind: ZMailTemplateKind,
  name: z.string().trim().min(1).max(200),
  /** Locales left out start from the built-in default text of the kind. */
  locales: ZLocaleContents.default({}),
});
export type TCreateMailTemplateBody = z.infer<typeof ZCreateMailTemplateBody>;

export const ZUpdateMailTemplateBody = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  locales: ZLocaleContents.optional(),
});
export type TUpdateMailTemplateBody = z.infer<typeof ZUpdateMailTemplateBody>;

export const ZMailTemplateFileParams = z.object({ id: ZId, locale: ZLocale });

export const ZMailTemplatePreviewBody = z.object({
  locale: ZLocale,
  /** Unsaved edits to preview; a field left out uses the saved text. */
  content: ZMailTemplateContent.partial().optional(),
});
export type TMailTemplatePreviewBody = z.infer<typeof ZMailTemplatePreviewBody>;

export const ZMailTemplatePreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type TMailTemplatePreview = z.infer<typeof ZMailTemplatePreview>;

export const MAIL_TEMPLATE_LOCALES = LOCALES;
