import { z } from 'zod';
import { ZId, ZLocale } from './common';
import { FALLBACK_LOCALE, DEFAULT_LOCALE, LOCALES, type TLocale } from './constants';

/**
 * DECISIONS "course texts": the reader's locale, else en-US, else de-DE; a text kept only in another locale is
 * still better than none.
 */
export function pickLocalized<T>(texts: Partial<Record<TLocale, T>>, locale: TLocale): T | undefined {
  const order: TLocale[] = [locale, FALLBACK_LOCALE, DEFAULT_LOCALE, ...LOCALES];
  for (const l of order) {
    const text = texts[l];
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The same order as pickLocalized, for SQL that sorts by the shown text. */
export const localeFallbackOrder = (locale: TLocale): TLocale[] => [
  ...new Set<TLocale>([locale, FALLBACK_LOCALE, DEFAULT_LOCALE, ...LOCALES]),
];

export const MODULE_KINDS = ['scorm', 'pdf'] as const;
export const ZModuleKind = z.enum(MODULE_KINDS);
export type TModuleKind = z.infer<typeof ZModuleKind>;

export const SCORM_VERSIONS = ['scorm12', 'scorm2004-2nd', 'scorm2004-3rd', 'scorm2004-4th'] as const;
export const ZScormVersion = z.enum(SCORM_VERSIONS);
export type TScormVersion = z.infer<typeof ZScormVersion>;

export const MODULE_TITLE_MAX = 200;
/** Spec section 3 "Module": durationInMinutes (example 45). */
export const MODULE_DURATION_MAX_MINUTES = 100_000;
/** A PDF module or course file; SCORM zips have their own, larger cap (SCORM_MAX_UPLOAD_BYTES on the server). */
export const PDF_MAX_BYTES = 100 * 1024 * 1024;

export const ZModuleI18n = z
  .partialRecord(ZLocale, z.object({ title: z.string().trim().min(1).max(MODULE_TITLE_MAX) }))
  .refine((texts) => LOCALES.some((l) => texts[l] !== undefined), { message: 'at least one locale needs a title' });

/**
 * The `data` field of the multipart upload (`POST /courses/{courseId}/modules[/{id}]`), sent as JSON beside the
 * `file` part. On update the file may be left out: the texts and duration change, the package stays.
 */
export const ZModuleBody = z.object({
  i18n: ZModuleI18n,
  durationInMinutes: z.number().int().min(0).max(MODULE_DURATION_MAX_MINUTES),
});
export type TModuleBody = z.infer<typeof ZModuleBody>;

export const ZModuleScormInfo = z.object({
  version: ZScormVersion,
  title: z.string(),
  scoCount: z.number().int(),
});

export const ZModule = z.object({
  id: ZId,
  courseId: ZId,
  order: z.number().int(),
  kind: ZModuleKind,
  /** In the reader's locale with the DECISIONS fallback. */
  title: z.string(),
  i18n: z.partialRecord(ZLocale, z.object({ title: z.string() })),
  durationInMinutes: z.number().int(),
  required: z.boolean(),
  fileName: z.string(),
  fileSize: z.number().int(),
  scorm: ZModuleScormInfo.nullable(),
  updatedAt: z.string(),
});
export type TModule = z.infer<typeof ZModule>;

export const ZModuleOrderBody = z.object({ moduleIds: z.array(ZId).min(1).max(1_000) });
export type TModuleOrderBody = z.infer<typeof ZModuleOrderBody>;
export const ZModuleList = z.object({ modules: z.array(ZModule) });
export type TModuleList = z.infer<typeof ZModuleList>;
