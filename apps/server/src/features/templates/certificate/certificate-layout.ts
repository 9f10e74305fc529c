import type { PDFFont } from 'pdf-lib';

// Text set in lines: wrapping to a width and paragraph gaps, shared by the plain page and the designs.

/** Control characters would draw as boxes; tabs become spaces. */
export const clean = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');

/** Breaks one paragraph into lines no wider than maxWidth; a word longer than a line is split by characters. */
export function wrap(paragraph: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  const width = (s: string) => font.widthOfTextAtSize(s, size);
  for (const word of paragraph.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (width(rest) > maxWidth) {
      let cut = rest.length - 1;
      while (cut > 1 && width(rest.slice(0, cut)) > maxWidth) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

export interface Block {
  lines: string[];
  /** Blank lines before each line (paragraph breaks), as fractions of a line. */
  gaps: number[];
}

export function layoutBody(body: string, font: PDFFont, size: number, maxWidth: number): Block {
  const lines: string[] = [];
  const gaps: number[] = [];
  const paragraphs = clean(body).split('\n');
  paragraphs.forEach((p, i) => {
    const wrapped = p.trim() === '' ? [] : wrap(p.trim(), font, size, maxWidth);
    wrapped.forEach((l, j) => {
      lines.push(l);
      gaps.push(j === 0 && i > 0 && paragraphs[i - 1]?.trim() === '' ? 0.6 : 0);
    });
  });
  return { lines, gaps };
}
