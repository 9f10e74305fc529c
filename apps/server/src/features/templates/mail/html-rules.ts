/**
 * What a mail's HTML may hold (issue 28 point 1). Two rules, checked with a real HTML parser (jsdom's parse5, the
 * parser of the HTML standard, as browsers and webmail parse) rather than patterns over the text:
 *
 * - No remote resource in any template: nothing that a mail client fetches by itself when the mail is opened
 *   (`src`, `srcset`, `background`, `poster`, `data`, CSS `url()` / `@import` / `image-set()` also when written with
 *   CSS escapes, `<link>`, `<base>`, `<meta http-equiv>`, `<object>`, `<embed>`, `<iframe>`, SVG `<image>`/`<use>`),
 *   also inside Outlook's conditional comments. Such a fetch tells a third party who opened the mail, and with a
 *   secret link in the URL it hands over the account. Only `data:`, `cid:` and `#fragment` references stay.
 * - Where a one-time link may stand (`linkSpots`): as the exact `href` of an HTML `<a>` (without `ping`, which
 *   would send the link elsewhere on click), and as that `<a>`'s only text. The template check puts `{{link}}`
 *   there only, and the mail worker puts the live link back there only (mail/secret-restore.ts).
 */
import type { JSDOM } from 'jsdom';

const XHTML = 'http://www.w3.org/1999/xhtml';

// jsdom is loaded on first use, not at start (its modules are some 20 MB of heap; see clients/client-svg.ts).
let jsdom: typeof JSDOM | undefined;
export async function parseHtml(html: string): Promise<JSDOM> {
  jsdom ??= (await import('jsdom')).JSDOM;
  return new jsdom(html, { includeNodeLocations: true });
}

/** Elements that load or frame something by their nature (or set where relative links go). */
const REMOTE_ELEMENTS: ReadonlySet<string> = new Set([
  'link',
  'base',
  'object',
  'embed',
  'iframe',
  'frame',
  'frameset',
  'applet',
  'portal',
  'script',
  'template',
]);

/** Attributes whose value a mail client fetches (or, `ping`, sends a request to on click). */
const RESOURCE_ATTRIBUTES: ReadonlySet<string> = new Set([
  'src',
  'lowsrc',
  'dynsrc',
  'background',
  'poster',
  'data',
  'codebase',
  'archive',
  'longdesc',
  'href',
  'xlink:href',
]);
const LIST_ATTRIBUTES: ReadonlySet<string> = new Set(['srcset', 'imagesrcset', 'ping']);

/** A reference that stays inside the mail: an attached part, inline data, or a fragment. */
// Browsers drop ASCII whitespace and control characters from URLs (`jav\tascript:`); so does this check.
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const isLocalReference = (value: string) => /^(cid:|data:|#|$)/i.test(value.replace(/[\s\u0000-\u001f]+/g, ''));

/**
 * CSS as a browser reads it: comments gone, escapes (`u\72 l(`, `\@import`) turned into their characters, lower
 * case. Hand-written: the question is only whether a fetch can hide in it, and a CSS parser library would need the
 * same unescaping to answer it.
 */
function normaliseCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\\r?\n/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_m, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    })
    .replace(/\\([^\n])/g, '$1')
    .toLowerCase();
}

/** What in a piece of CSS would be fetched: `@import`, an image-set()/image()/src(), a url() that leaves the mail. */
export function cssRemoteResource(css: string): string | null {
  const text = normaliseCss(css);
  if (text.includes('@import')) return '@import';
  const fn = /(?:^|[^a-z0-9_-])((?:-[a-z]+-)?(?:image-set|image|src|cross-fade|element|expression))\(/.exec(text);
  if (fn) return `${fn[1]}()`;
  for (const m of text.matchAll(/url\(\s*(['"]?)([^'")]*)/g)) {
    if (!isLocalReference(m[2] ?? '')) return 'url()';
  }
  return null;
}

export type Dom = JSDOM;
type El = Element;

function remoteResourceOfElement(el: El): string | null {
  const name = el.localName;
  if (REMOTE_ELEMENTS.has(name)) return `<${name}>`;
  if (name === 'meta' && el.hasAttribute('http-equiv')) return '<meta http-equiv>';
  const isLink = name === 'a' || name === 'area';
  for (const attr of Array.from(el.attributes)) {
    const attrName = attr.name.toLowerCase();
    if (LIST_ATTRIBUTES.has(attrName) && attr.value.trim() !== '') return `${attrName}=`;
    if (RESOURCE_ATTRIBUTES.has(attrName) && !(isLink && attrName === 'href') && !isLocalReference(attr.value))
      return `${attrName}=`;
    // Any attribute may be CSS: style, and SVG's presentation attributes (fill="url(...)", filter, mask, ...).
    if (!(isLink && attrName === 'href')) {
      const css = cssRemoteResource(attr.value);
      if (css) return `${attrName}="${css}"`;
    }
  }
  if (name === 'style') return cssRemoteResource(el.textContent ?? '');
  return null;
}

const MAX_COMMENT_DEPTH = 3;

/**
 * The first remote resource of a parsed mail HTML (a short description such as `src=` or `style="url()"`), or null.
 * Outlook reads the HTML inside `<!--[if mso]>` comments, so a comment's text is checked as HTML too.
 */
export async function remoteResourceIn(dom: Dom, depth = 0): Promise<string | null> {
  const doc = dom.window.document;
  const walker = doc.createTreeWalker(doc, 0x1 | 0x80 /* elements and comments */);
  for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === 1) {
      const found = remoteResourceOfElement(node as El);
      if (found) return found;
    } else if (node.nodeType === 8 && /[<[]/.test((node as Comment).data)) {
      if (depth >= MAX_COMMENT_DEPTH) return '<!-- -->';
      const inner = await parseHtml((node as Comment).data);
      try {
        const found = await remoteResourceIn(inner, depth + 1);
        if (found) return found;
      } finally {
        inner.window.close();
      }
    }
  }
  return null;
}

type Range = { startOffset: number; endOffset: number };
/** Where each attribute of an element stands in the source (parse5's element location has them). */
const attrLocations = (dom: Dom, el: El): Record<string, Range | undefined> =>
  (dom.nodeLocation(el) as { attrs?: Record<string, Range> } | null)?.attrs ?? {};

/** A range of the HTML's source text, and what stands there. */
export interface SourceSpot {
  start: number;
  end: number;
  /** `href` (the whole attribute, `href="..."`) or `text` (the `<a>`'s only text node). */
  kind: 'href' | 'text';
  /** What `match` answered for the value there. */
  value: string;
}

/**
 * Where a link may stand in this parsed HTML (see the head of this file): the `href` of each HTML `<a>` without
 * `ping` whose value (trimmed, as browsers read a URL) `match`es, and its only text when that matches too. `match`
 * answers what stands for the value (null: no match). Answers source ranges, so the caller can change exactly those
 * and nothing else; the HTML is never re-serialised.
 */
export function linkSpots(dom: Dom, match: (value: string) => string | null): SourceSpot[] {
  const spots: SourceSpot[] = [];
  for (const a of Array.from(dom.window.document.getElementsByTagName('a'))) {
    if (a.namespaceURI !== XHTML || a.hasAttribute('ping')) continue;
    const value = match((a.getAttribute('href') ?? '').trim());
    const at = attrLocations(dom, a).href;
    if (value === null || !at) continue;
    spots.push({ start: at.startOffset, end: at.endOffset, kind: 'href', value });
    const only = a.childNodes.length === 1 ? a.firstChild : null;
    const loc = only?.nodeType === 3 ? dom.nodeLocation(only) : null;
    if (loc && match((only?.textContent ?? '').trim()) === value)
      spots.push({ start: loc.startOffset, end: loc.endOffset, kind: 'text', value });
  }
  return spots;
}

/** Placeholders written where a value could become CSS or leave its attribute: in CSS, or in an unquoted value. */
export function placeholderOutOfPlace(dom: Dom, html: string): string | null {
  const placeholder = /\{\{[^{}]*\}\}/;
  for (const el of Array.from(dom.window.document.querySelectorAll('*'))) {
    if (el.localName === 'style' && placeholder.test(el.textContent ?? '')) return '<style>{{…}}';
    const attrs = attrLocations(dom, el);
    for (const attr of Array.from(el.attributes)) {
      if (placeholder.test(attr.name)) return '<… {{…}}>';
      if (!placeholder.test(attr.value)) continue;
      if (attr.name.toLowerCase() === 'style') return 'style="{{…}}"';
      const at = attrs[attr.name];
      const raw = at ? html.slice(at.startOffset, at.endOffset) : '';
      if (!/^[^=]*=\s*["']/.test(raw)) return `${attr.name}={{…}}`;
    }
  }
  return null;
}
