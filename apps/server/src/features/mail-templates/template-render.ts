import type { TLocale } from '@lms/contracts/constants';
import { MAIL_PLACEHOLDERS, type TMailPlaceholder, type TMailValues } from '@lms/contracts/mail-templates';

/** `{{ name }}` with optional spaces inside the braces; anything between double braces counts as a placeholder. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN: ReadonlySet<string> = new Set(MAIL_PLACEHOLDERS);

/** The placeholders in a text that DECISIONS does not know (they are refused at save time). */
export function findUnknownPlaceholders(text: string | null | undefined): string[] {
  if (!text) return [];
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(m[1] ?? '')) unknown.add(m[1] ?? '');
  return [...unknown];
}

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Dates arrive as YYYY-MM-DD and are written the way the reader's locale writes them. */
function formatValue(key: TMailPlaceholder, value: string, locale: TLocale): string {
  if (key === 'deadline' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );
  }
  return value;
}

function fill(
  text: string,
  values: TMailValues,
  locale: TLocale,
  encode: (v: string, key: TMailPlaceholder) => string,
): string {
  return text.replace(PLACEHOLDER, (_all, key: string) => {
    if (!KNOWN.has(key)) return '';
    const k = key as TMailPlaceholder;
    return encode(formatValue(k, values[k] ?? '', locale), k);
  });
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** The HTML part made from plain text: escaped, links clickable, blank lines as paragraphs. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) =>
      escapeHtml(p)
        .replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\r?\n/g, '<br>'),
    );
  return paragraphs.map((p) => `<p>${p}</p>`).join('\n');
}

/** A fragment gets a minimal UTF-8 document around it; a full document is kept as it is. */
export function wrapHtmlDocument(html: string, lang: TLocale): string {
  if (/<html[\s>]/i.test(html)) return html;
  return `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"></head><body>\n${html}\n</body></html>`;
}

export interface TemplateSource {
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  htmlFile?: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Fills the placeholders (DECISIONS "template placeholders"). Values are escaped in the HTML part, so a name like
 * `<script>` arrives as text; the subject loses line breaks so a value can never start a header.
 */
export function renderTemplate(source: TemplateSource, values: TMailValues, locale: TLocale): RenderedMail {
  const plain = (v: string) => v;
  const html = (v: string, key: TMailPlaceholder) =>
    key === 'details' ? escapeHtml(v).replace(/\r?\n/g, '<br>') : escapeHtml(v);
  const subject = fill(source.subject, values, locale, (v) => v.replace(/[\r\n]+/g, ' ')).trim();
  const text = fill(source.bodyText, values, locale, plain);
  const htmlSource = source.htmlFile ?? source.bodyHtml;
  const body = htmlSource ? fill(htmlSource, values, locale, html) : textToHtml(text);
  return { subject, text, html: wrapHtmlDocument(body, locale) };
}
