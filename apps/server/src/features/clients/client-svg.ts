import createDOMPurify, { type DOMPurify } from 'dompurify';

// DECISIONS "Clients", logo: an SVG is sanitised (no scripts, no external references) with a maintained
// sanitiser, DOMPurify on jsdom's window. DOMPurify drops script, event handlers and foreignObject-like HTML islands;
// the hook below also drops every reference that leaves the file, since a logo that loads from elsewhere can track
// whoever sees the login page.

// jsdom is loaded on the first SVG logo, not at start: its modules are some 20 MB of every process's heap (issue 15),
// and most processes never see an SVG upload.
let purifier: DOMPurify | undefined;
async function purify(): Promise<DOMPurify> {
  if (!purifier) {
    const { JSDOM } = await import('jsdom');
    purifier ??= createDOMPurify(new JSDOM('').window);
  }
  return purifier;
}

const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

/**
 * The CSS functions an attribute value may call (presentation attributes and `style` are CSS: colours, transforms,
 * filters, sizes). Everything else is dropped: `image-set`, `image`, `cross-fade`, `element`, `src`, `expression`,
 * `paint`, `attr`, `env` and any vendor or future function that could fetch or evaluate something. An allow-list,
 * because a block-list of dangerous names is what CSS escapes and comments get around (issue 28 point 7e).
 */
const ALLOWED_FUNCTIONS = new Set([
  'url', // only url(#fragment), checked below
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'matrix',
  'translate',
  'translatex',
  'translatey',
  'scale',
  'scalex',
  'scaley',
  'rotate',
  'skewx',
  'skewy',
  'calc',
  'min',
  'max',
  'clamp',
  'var',
  'blur',
  'brightness',
  'contrast',
  'drop-shadow',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
]);

/**
 * Whether an attribute value is plain enough to keep. Hand-written, not a CSS parser: instead of decoding escapes
 * and comments and hoping to see what the browser sees, a value that holds any CSS escape (`\`), comment (`/*`),
 * at-rule (`@`) or markup (`<`) is dropped whole; a logo needs none of them. What remains has no hidden spelling,
 * so every function call is written as `name(` and checked against the allow-list, and `url()` may only name a
 * fragment of the file itself.
 */
function isPlainValue(value: string): boolean {
  if (/[\\@<]|\/\*/.test(value)) return false;
  for (const m of value.matchAll(/([A-Za-z0-9_-]*)\(/g)) {
    const name = (m[1] ?? '').toLowerCase();
    if (name === '') continue;
    if (!ALLOWED_FUNCTIONS.has(name)) return false;
    if (name === 'url' && !/^url\(\s*(['"]?)#[\w.:-]+\1\s*\)/i.test(value.slice(m.index))) return false;
  }
  return true;
}

/** An SVG file, judged by its start: an optional BOM, XML declaration, comments or a plain doctype, then `<svg`. */
export function looksLikeSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    return false;
  }
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*>)\s*)*<svg[\s>]/i.test(text);
}

/**
 * The SVG with only what draws: no script, no foreignObject, no event handler, no style element, no reference to
 * anything outside the file (href to anything but `#fragment`, external `url()`). Answers null when nothing of an
 * SVG remains.
 */
export async function sanitiseSvg(bytes: Buffer): Promise<Buffer | null> {
  const p = await purify();
  p.removeAllHooks();
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (REFERENCE_ATTRIBUTES.has(name) && !/^#[\w.:-]+$/.test(value)) data.keepAttr = false;
    if (!isPlainValue(value)) data.keepAttr = false;
  });
  const clean = p.sanitize(bytes.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Elements that draw something from elsewhere or from another element by reference are not needed in a logo.
    FORBID_TAGS: [
      'script',
      'foreignObject',
      'style',
      'use',
      'image',
      'feImage',
      'a',
      'iframe',
      'object',
      'embed',
      'tref',
      'altGlyph',
      'glyphRef',
      'font',
    ],
    FORBID_ATTR: ['src', 'action', 'formaction'],
  });
  p.removeAllHooks();
  const svg = clean.trim();
  if (!/^<svg[\s>]/i.test(svg)) return null;
  // The file is served as image/svg+xml, an XML document: the namespaces the HTML serialiser leaves out go back in.
  let out = svg;
  if (!/^<svg[^>]*\sxmlns=/i.test(out)) out = out.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  if (out.includes('xlink:') && !/^<svg[^>]*\sxmlns:xlink=/i.test(out))
    out = out.replace(/^<svg/i, '<svg xmlns:xlink="http://www.w3.org/1999/xlink"');
  return Buffer.from(out, 'utf8');
}
