import { z } from 'zod';
import { ZIsoDateTime } from './common';
import { LOCALES } from './constants';

/** The platform's own pages /faq and /about: Markdown per locale, edited by a SUPERADMIN (PERMISSIONS.md). */
export const PLATFORM_TEXT_KEYS = ['faq', 'about'] as const;
export const ZPlatformTextKey = z.enum(PLATFORM_TEXT_KEYS);
export type TPlatformTextKey = z.infer<typeof ZPlatformTextKey>;

export const PLATFORM_TEXT_MAX_CHARS = 200_000;

export const ZPlatformTextParams = z.object({ key: ZPlatformTextKey });
export const ZPlatformTextQuery = z.object({ locale: z.enum(LOCALES).optional() });

/**
 * The FAQ's structure: every `## ` heading is a question and the text up to the next one its answer; what comes
 * before the first question is the introduction. The search filters these sections in the browser.
 */
export const ZPlatformTextSection = z.object({ title: z.string(), html: z.string() });

export const ZPlatformText = z.object({
  key: ZPlatformTextKey,
  /** The locale shown: the one asked for, else en-US, else de-DE; null when no locale has a text. */
  locale: z.enum(LOCALES).nullable(),
  markdown: z.string(),
  /** The whole text as sanitised HTML. */
  html: z.string(),
  introHtml: z.string(),
  sections: z.array(ZPlatformTextSection),
  updatedAt: ZIsoDateTime.nullable(),
});
export type TPlatformText = z.infer<typeof ZPlatformText>;

export const ZSavePlatformTextBody = z.object({
  locale: z.enum(LOCALES),
  markdown: z.string().max(PLATFORM_TEXT_MAX_CHARS),
});
export type TSavePlatformTextBody = z.infer<typeof ZSavePlatformTextBody>;
