import type { TLocale } from '@lms/contracts/constants';
import { SECRET_LINK_KINDS, type TMailTemplateKind } from '@lms/contracts/mail-templates';
import { badRequest } from '../../../platform/errors';
import { linkSpots, parseHtml, placeholderOutOfPlace, remoteResourceIn } from './html-rules';
import { findSectionProblem, findUnknownPlaceholders, resolveSections, sectionNames } from './template-render';

/**
 * What a template must be to be saved (DECISIONS "template placeholders", issue 28 points 1 and 12), checked on
 * create, update, file upload and preview:
 *
 * - every placeholder known (`template_placeholder_unknown`), every conditional block closed (`template_section_invalid`);
 * - in the HTML part and the HTML file, of every kind: no remote resource, and no placeholder in CSS or in an unquoted
 *   attribute, where a value could become one (`template_remote_resource`, html-rules.ts);
 * - for the kinds whose link is a one-time secret (SECRET_LINK_KINDS): `{{link}}` only on a line of its own in the
 *   text, only as the exact `href` of an `<a>` (and that link's text) in the HTML, never in the subject
 *   (`template_link_position`). The mail worker puts the live link back only there too (mail/secret-restore.ts), so
 *   a template stored before this rule cannot send it elsewhere either. We check the author's placement rather than
 *   writing the link block ourselves, so existing templates and their layout keep working.
 *
 * Blocks can change what the HTML parser sees (a block around a `<`), so the HTML rules hold for every combination of
 * the block names the HTML part uses: at most MAX_HTML_SECTION_NAMES of them (16 renderings).
 */
export const MAX_HTML_SECTION_NAMES = 4;

type Field = 'subject' | 'bodyText' | 'bodyHtml' | 'htmlFile';
export type TemplateFields = Partial<Record<Field, string | null>>;

const LINK = /\{\{\s*link\s*\}\}/g;
const HAS_LINK = /\{\{\s*link\s*\}\}/;
const isLinkPlaceholder = (v: string) => /^\{\{\s*link\s*\}\}$/.test(v);

/** The texts a text can become: each combination of its blocks kept or dropped. */
function variants(text: string, names: string[]): string[] {
  const out: string[] = [];
  for (let mask = 0; mask < 1 << names.length; mask++) {
    const kept = new Set(names.filter((_n, i) => (mask >> i) & 1));
    out.push(resolveSections(text, (name) => kept.has(name)));
  }
  return out;
}

/** Whether a line of the text holds `{{link}}` with anything else beside it. */
const linkOffLine = (text: string) =>
  text.split('\n').some((line) => HAS_LINK.test(line) && !isLinkPlaceholder(line.trim()));

async function checkHtml(html: string, secretLink: boolean): Promise<{ code: string; found: string } | null> {
  const dom = await parseHtml(html);
  try {
    const remote = (await remoteResourceIn(dom)) ?? placeholderOutOfPlace(dom, html);
    if (remote) return { code: 'template_remote_resource', found: remote };
    if (!secretLink) return null;
    const spots = linkSpots(dom, (v) => (isLinkPlaceholder(v) ? 'link' : null));
    for (const m of html.matchAll(LINK)) {
      if (!spots.some((s) => s.start <= m.index && m.index < s.end))
        return { code: 'template_link_position', found: html.slice(Math.max(0, m.index - 40), m.index + 10) };
    }
    return null;
  } finally {
    dom.window.close();
  }
}

export async function assertTemplateRules(
  kind: TMailTemplateKind,
  locale: TLocale,
  fields: TemplateFields,
): Promise<void> {
  const secretLink = SECRET_LINK_KINDS.has(kind);
  for (const [field, text] of Object.entries(fields) as [Field, string | null | undefined][]) {
    if (!text) continue;
    const unknown = findUnknownPlaceholders(text);
    if (unknown.length > 0) badRequest('template_placeholder_unknown', { locale, field, placeholders: unknown });
    const problem = findSectionProblem(text);
    if (problem) badRequest('template_section_invalid', { locale, field, ...problem });
    const names = sectionNames(text);
    const isHtml = field === 'bodyHtml' || field === 'htmlFile';
    if (isHtml && names.length > MAX_HTML_SECTION_NAMES)
      badRequest('template_section_invalid', { locale, field, reason: 'too_many', max: MAX_HTML_SECTION_NAMES });
    for (const variant of variants(text, names)) {
      if (isHtml) {
        const found = await checkHtml(variant, secretLink);
        if (found) badRequest(found.code as 'template_remote_resource', { locale, field, found: found.found });
      } else if (secretLink && (field === 'subject' ? HAS_LINK.test(variant) : linkOffLine(variant))) {
        badRequest('template_link_position', { locale, field });
      }
    }
  }
}
