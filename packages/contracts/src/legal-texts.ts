import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common';
import { ZLegalTextType } from './client';

/**
 * A client's imprint and privacy policy (DECISIONS "Clients", legal text types). One text per client and kind, not
 * per locale: a legal text is written in the language the operator is bound by.
 */
export const LEGAL_TEXT_KINDS = ['imprint', 'privacy-policy'] as const;
export const ZLegalTextKind = z.enum(LEGAL_TEXT_KINDS);
export type TLegalTextKind = z.infer<typeof ZLegalTextKind>;

/** Longest Markdown or HTML text kept; a data: image inside counts too (about 700 kB of picture). */
export const LEGAL_TEXT_MAX_CHARS = 1_000_000;
/** The largest PDF a legal text may be. */
export const LEGAL_PDF_MAX_BYTES = 10 * 1024 * 1024;

/** What a reader of `/client/imprint` or `/client/privacy-policy` gets after CSX/RESELLER were followed. */
export const ZResolvedLegalText = z.object({
  kind: ZLegalTextKind,
  /** HTML: sanitised Markdown or HTML; URL: the page redirects; PDF: shown in a viewer; NONE: nothing set yet. */
  type: z.enum(['HTML', 'URL', 'PDF', 'NONE']),
  html: z.string().optional(),
  url: z.string().optional(),
  pdfUrl: z.string().optional(),
});
export type TResolvedLegalText = z.infer<typeof ZResolvedLegalText>;

/** One legal text as its editor sees it: the stored type and value, and the uploaded PDF if there is one. */
export const ZLegalTextSetting = z.object({
  type: ZLegalTextType.nullable(),
  /** The Markdown, HTML or URL as written (UPLOAD, CSX and RESELLER keep none). */
  value: z.string().nullable(),
  pdf: z.object({ fileName: z.string(), size: z.number().int(), uploadedAt: ZIsoDateTime }).nullable(),
});
export type TLegalTextSetting = z.infer<typeof ZLegalTextSetting>;

export const ZClientLegalTexts = z.object({
  clientId: ZId,
  /** Whether this client is the platform's root client, whose text CSX means (its own CSX would point at itself). */
  isRoot: z.boolean(),
  hasReseller: z.boolean(),
  imprint: ZLegalTextSetting,
  privacyPolicy: ZLegalTextSetting,
});
export type TClientLegalTexts = z.infer<typeof ZClientLegalTexts>;

export const ZLegalTextsParams = z.object({ id: ZId });
export const ZLegalTextKindParams = z.object({ id: ZId, kind: ZLegalTextKind });
export const ZPublicLegalPdfParams = z.object({ kind: ZLegalTextKind });

/**
 * Saves one kind. URL must be https; MARKDOWN and CUSTOM need a text; UPLOAD needs a PDF uploaded before (the upload
 * route sets UPLOAD itself); null removes the text.
 */
export const ZSaveLegalTextBody = z.object({
  type: ZLegalTextType.nullable(),
  value: z.string().max(LEGAL_TEXT_MAX_CHARS).nullable().optional(),
});
export type TSaveLegalTextBody = z.infer<typeof ZSaveLegalTextBody>;

/** The editors' preview: the server renders and sanitises exactly as it does for readers. */
export const ZRichTextPreviewBody = z.object({
  format: z.enum(['MARKDOWN', 'CUSTOM']),
  text: z.string().max(LEGAL_TEXT_MAX_CHARS),
});
export const ZRichTextPreview = z.object({ html: z.string() });
export type TRichTextPreview = z.infer<typeof ZRichTextPreview>;
