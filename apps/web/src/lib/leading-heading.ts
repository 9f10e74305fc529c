const OPENING_H1 = /^(\s*(?:<div>\s*)*)<h1>([\s\S]*?)<\/h1>\s*/i;

/**
 * Server-rendered rich HTML (a legal text) split into its opening h1 and the rest, when it opens with one, as
 * Markdown starting with "# Impressum" does. The page shows that heading as its title in place of its own, so it has
 * one h1, not the same words twice (issue 32). The heading is the sanitised HTML inside the h1 (inline markup may
 * stay); a blank one does not count. The server's sanitiser keeps no attributes on h1 and div, so the tags are
 * bare; blank space and wrapping divs (written as HTML) before it do not count either.
 */
export function splitOpeningHeading(html: string): { headingHtml: string | null; bodyHtml: string } {
  const match = OPENING_H1.exec(html);
  const heading = match?.[2]?.trim() ?? '';
  if (!match || heading.replace(/<[^>]*>|&nbsp;/g, '').trim() === '') return { headingHtml: null, bodyHtml: html };
  return { headingHtml: heading, bodyHtml: (match[1] ?? '').trimStart() + html.slice(match[0].length) };
}
