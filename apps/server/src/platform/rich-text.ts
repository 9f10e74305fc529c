import { Marked, type Token, type TokensList } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Markdown and HTML written by admins (legal texts, FAQ, About) are kept as written and made safe each time they
// are served: whatever a reader gets went through this one allow-list, so a sanitiser update protects old texts
// too. Spec section 5: Markdown may embed only data-scheme images; links only http(s) and mailto.

/** Inline pictures a browser shows without fetching anything; SVG is left out, as it can carry script. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'del',
    'sup',
    'sub',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'div',
    'span',
    'address',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  // Links leave the page: no opener, no referrer to the linked site.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
  // The scheme check lets relative and any data: sources through; only the inline raster images stay.
  exclusiveFilter: (frame) => frame.tag === 'img' && !DATA_IMAGE.test(frame.attribs.src ?? ''),
};

// One instance with its own options, so no other caller's marked.setOptions changes what this renders.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

export const sanitizeRichHtml = (html: string): string => sanitizeHtml(html, SANITIZE);

export const renderMarkdown = (text: string): string => sanitizeRichHtml(markdown.parse(text, { async: false }));

/** Renders stored text of type MARKDOWN or CUSTOM (HTML) to the safe HTML a reader gets. */
export const renderRichText = (format: 'MARKDOWN' | 'CUSTOM', text: string): string =>
  format === 'MARKDOWN' ? renderMarkdown(text) : sanitizeRichHtml(text);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Plain text of an inline Markdown snippet (a heading), for a search and a title; React escapes it again. */
export function markdownInlineText(text: string): string {
  const html = markdown.parseInline(text, { async: false });
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .trim();
}

export interface MarkdownSections {
  introHtml: string;
  sections: Array<{ title: string; html: string }>;
}

/**
 * Splits Markdown at its level-2 headings: each `## ` heading with the blocks up to the next one is a section
 * (the FAQ's question and answer); what comes before the first one is the introduction. Headings inside code
 * blocks are not headings to the lexer, so they do not split.
 */
export function renderMarkdownSections(text: string): MarkdownSections {
  const tokens = markdown.lexer(text);
  const render = (part: Token[]) => {
    const list: TokensList = Object.assign([...part], { links: tokens.links });
    return sanitizeRichHtml(markdown.parser(list));
  };
  const intro: Token[] = [];
  const sections: Array<{ title: string; body: Token[] }> = [];
  for (const token of tokens) {
    if (token.type === 'heading' && (token as { depth: number }).depth === 2) {
      sections.push({ title: markdownInlineText((token as { text: string }).text), body: [] });
    } else if (sections.length === 0) intro.push(token);
    else sections[sections.length - 1]?.body.push(token);
  }
  return { introHtml: render(intro), sections: sections.map((s) => ({ title: s.title, html: render(s.body) })) };
}
