import { DEFAULT_LOCALE, FALLBACK_LOCALE, type TLocale } from '@lms/contracts/constants';
import type { TPlatformText, TPlatformTextKey, TSavePlatformTextBody } from '@lms/contracts/platform-texts';
import type { AppDeps } from '../../platform/deps';
import { nowIso } from '../../platform/ids';
import { renderMarkdown, renderMarkdownSections } from '../../platform/rich-text';
import type { Actor } from '../../platform/session';
import { findPlatformTexts, upsertPlatformText } from './platform-text.repository';

/**
 * The FAQ or About page in the locale asked for, else en-US, else de-DE (as course texts, DECISIONS "Courses");
 * an empty text counts as missing. Rendered and sanitised on every read, like the legal texts.
 */
export async function getPlatformText(
  deps: AppDeps,
  key: TPlatformTextKey,
  locale: TLocale | undefined,
): Promise<TPlatformText> {
  const rows = await findPlatformTexts(deps.db, key);
  const order = [locale, FALLBACK_LOCALE, DEFAULT_LOCALE].filter((l): l is TLocale => !!l);
  const row = order.map((l) => rows.find((r) => r.locale === l && r.markdown.trim())).find(Boolean);
  if (!row) return { key, locale: null, markdown: '', html: '', introHtml: '', sections: [], updatedAt: null };
  const { introHtml, sections } = renderMarkdownSections(row.markdown);
  return {
    key,
    locale: row.locale as TLocale,
    markdown: row.markdown,
    html: renderMarkdown(row.markdown),
    introHtml,
    sections,
    updatedAt: row.updated_at,
  };
}

export async function savePlatformText(
  deps: AppDeps,
  actor: Actor,
  key: TPlatformTextKey,
  body: TSavePlatformTextBody,
): Promise<TPlatformText> {
  await upsertPlatformText(deps.db, {
    key,
    locale: body.locale,
    markdown: body.markdown,
    updated_by: actor.userId,
    updated_at: nowIso(),
  });
  return getPlatformText(deps, key, body.locale);
}
