import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

// The certificate's embedded font: DejaVu Sans (npm dejavu-fonts-ttf; Bitstream Vera licence, DejaVu changes in the
// public domain), which has every Latin, Greek and Cyrillic letter a participant's name may hold (Łukasz, Ñúñez,
// Øster, Çelik). The 14 standard PDF fonts know WinAnsi only and fail on "Ł". Noto Sans (@expo-google-fonts) was
// tried first: @pdf-lib/fontkit's subsets of it lose glyphs ("a", "s" draw as nothing), DejaVu's come out whole.

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  // Issue 32 point 2: the designs' faces, of the same family and coverage (certificate-designs.ts).
  light: 'dejavu-fonts-ttf/ttf/DejaVuSans-ExtraLight.ttf',
  serif: 'dejavu-fonts-ttf/ttf/DejaVuSerif.ttf',
  serifBold: 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf',
  serifBoldItalic: 'dejavu-fonts-ttf/ttf/DejaVuSerif-BoldItalic.ttf',
} as const;

export type FontWeight = keyof typeof FONT_FILES;

let loaded: Promise<Record<FontWeight, Uint8Array>> | undefined;

/** The TTF files, read once per process (about 3.5 MB together); a document embeds only the faces it uses. */
export function certificateFontBytes(): Promise<Record<FontWeight, Uint8Array>> {
  loaded ??= (async () => {
    const entries = await Promise.all(
      Object.entries(FONT_FILES).map(async ([k, f]) => [k, new Uint8Array(await readFile(require.resolve(f)))]),
    );
    return Object.fromEntries(entries) as Record<FontWeight, Uint8Array>;
  })().catch((err: unknown) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;
const LAYOUT_CACHE_SIZE = 5_000;

/**
 * fontkit parses a font in about 250 ms and shapes a line of text in a few: done for every certificate, a
 * regeneration of 1,000 users would take minutes. Each font is parsed once per process, and its layouts (a pure
 * function of font, text and features) are kept for the words and lines that repeat from one certificate to the
 * next. pdf-lib only reads the glyph runs it gets, so sharing them between documents is safe.
 */
function parseOnce(bytes: Uint8Array): ParsedFont {
  const font = fontkit.create(bytes);
  // fontkit keeps one glyph object per glyph id, with the characters it was first made for. A subset that writes a
  // composed glyph ("Ç") makes its parts ("C") with none; on a font shared between documents, every later document's
  // "C" then had no character in the PDF's text (copying, search and screen readers read "\u0001hloé"). A glyph asked
  // for with its characters gets them.
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  const layout = font.layout.bind(font);
  const cache = new Map<string, ReturnType<ParsedFont['layout']>>();
  font.layout = (text, features) => {
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = cache.get(key);
    if (!run) {
      run = layout(text, features);
      if (cache.size >= LAYOUT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(key, run);
    }
    return run;
  };
  return font;
}

const parsed = new Map<Uint8Array, ParsedFont>();

/** The fontkit pdf-lib is given: the same parsed font for the same bytes. */
export const cachedFontkit: Fontkit = {
  create(bytes) {
    let font = parsed.get(bytes);
    if (!font) {
      font = parseOnce(bytes);
      parsed.set(bytes, font);
    }
    return font;
  },
};
