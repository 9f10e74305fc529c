import type { TLocale } from '@lms/contracts/constants';
import {
  MAIL_PLACEHOLDERS,
  MULTILINE_PLACEHOLDERS,
  type TMailPlaceholder,
  type TMailValues,
} from '@lms/contracts/mail-templates';

/** `{{ name }}` with optional spaces inside the braces; anything between double braces counts as a placeholder. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN: ReadonlySet<string> = new Set(MAIL_PLACEHOLDERS);

/**
 * Conditional blocks (issue 28 point 12), in the notation of Mustache, which authors may know: `{{#deadline}}…{{/deadline}}`
 * stands in the mail only when the value is there (not empty), `{{^deadline}}…{{/deadline}}` only when it is missing.
 * Blocks nest. A block tag alone on its line takes the whole line with it, so a block can wrap whole lines without
 * leaving blank ones. Written by hand: the engine is the small placeholder filler above, and a Mustache library
 * would bring its own escaping and partials, which the HTML rules (html-rules.ts) would then have to follow too.
 */
const SECTION_TAG = /\{\{\s*([#^/])\s*([^{}]*?)\s*\}\}/g;

interface SectionTag {
  sigil: '#' | '^' | '/';
  name: string;
  /** The text the tag takes out: the tag, or its whole line when it stands alone there. */
  start: number;
  end: number;
}

function sectionTags(text: string): SectionTag[] {
  const tags: SectionTag[] = [];
  for (const m of text.matchAll(SECTION_TAG)) {
    let start = m.index;
    let end = start + m[0].length;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const newline = text.indexOf('\n', end);
    const lineEnd = newline < 0 ? text.length : newline;
    if (/^[ \t]*$/.test(text.slice(lineStart, start)) && /^[ \t\r]*$/.test(text.slice(end, lineEnd))) {
      start = lineStart;
      end = newline < 0 ? lineEnd : newline + 1;
    }
    tags.push({ sigil: m[1] as SectionTag['sigil'], name: m[2] ?? '', start, end });
  }
  return tags;
}

/** The names the blocks of a text ask about. */
export function sectionNames(text: string | null | undefined): string[] {
  return text ? [...new Set(sectionTags(text).map((t) => t.name))] : [];
}

/** What is wrong with a text's blocks: a block closed that is not open, or one left open; null when all is well. */
export function findSectionProblem(text: string | null | undefined): { reason: string; name: string } | null {
  const open: string[] = [];
  for (const tag of text ? sectionTags(text) : []) {
    if (tag.sigil !== '/') open.push(tag.name);
    else if (open.pop() !== tag.name) return { reason: 'not_open', name: tag.name };
  }
  const left = open.pop();
  return left === undefined ? null : { reason: 'not_closed', name: left };
}

/**
 * The text with each block kept (its tags gone) or dropped, as `present` says of its name. A text stored before the
 * blocks were checked may be unbalanced: a stray closing tag is dropped, a block left open runs to the end.
 */
export function resolveSections(text: string, present: (name: string) => boolean): string {
  const shown: boolean[] = [];
  const visible = () => shown.every(Boolean);
  let out = '';
  let pos = 0;
  for (const tag of sectionTags(text)) {
    if (visible()) out += text.slice(pos, tag.start);
    pos = tag.end;
    if (tag.sigil === '/') shown.pop();
    else shown.push(present(tag.name) === (tag.sigil === '#'));
  }
  if (visible()) out += text.slice(pos);
  return out;
}

const hasValue = (values: TMailValues, name: string) =>
  KNOWN.has(name) && (values[name as TMailPlaceholder] ?? '').trim() !== '';

/** The placeholders in a text that DECISIONS does not know (they are refused at save time); block tags included. */
export function findUnknownPlaceholders(text: string | null | undefined): string[] {
  if (!text) return [];
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').replace(/^[#^/]\s*/, '');
    if (!KNOWN.has(name)) unknown.add(m[1] ?? '');
  }
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
 * Keeps or drops the conditional blocks, then fills the placeholders (DECISIONS "template placeholders"). Values are escaped in the HTML part, so a name like
 * `<script>` arrives as text; the subject loses line breaks so a value can never start a header.
 */
export function renderTemplate(source: TemplateSource, values: TMailValues, locale: TLocale): RenderedMail {
  const plain = (v: string) => v;
  const pick = (text: string) => resolveSections(text, (name) => hasValue(values, name));
  const html = (v: string, key: TMailPlaceholder) =>
    MULTILINE_PLACEHOLDERS.has(key) ? escapeHtml(v).replace(/\r?\n/g, '<br>') : escapeHtml(v);
  const subject = fill(pick(source.subject), values, locale, (v) => v.replace(/[\r\n]+/g, ' ')).trim();
  const text = fill(pick(source.bodyText), values, locale, plain);
  const htmlSource = source.htmlFile ?? source.bodyHtml;
  const body = htmlSource ? fill(pick(htmlSource), values, locale, html) : textToHtml(text);
  return { subject, text, html: wrapHtmlDocument(body, locale) };
}
