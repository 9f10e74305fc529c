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

/** `url(...)` that points anywhere but into the document itself (`url(#gradient)`). */
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)/i;
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

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
    if (REFERENCE_ATTRIBUTES.has(name) && !value.startsWith('#')) data.keepAttr = false;
    if (EXTERNAL_URL.test(value) || /@import|expression\s*\(/i.test(value)) data.keepAttr = false;
  });
  const clean = p.sanitize(bytes.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['script', 'foreignObject', 'style', 'use', 'image', 'a', 'iframe', 'object', 'embed'],
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
