import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_COLOURS } from '@lms/contracts/client';
import {
  CERTIFICATE_DESIGNS,
  CERTIFICATE_ORIENTATIONS,
  formatVerificationCode,
  type TCertificateDesign,
  type TCertificateOrientation,
} from '@lms/contracts/certificates';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_COURSE_TITLES } from '../../demo/demo-training';
import { demoLogoSvg } from '../../demo/demo-logo';
import { DEMO_SIGNATURE_FILE } from '../../demo/demo-certificate';
import type { CertificateLook } from './certificate-designs';
import { renderCertificatePdf } from './certificate-pdf';
import {
  defaultCertificateContent,
  fillCertificateText,
  formatCertificateDate,
  formatCertificateDuration,
  splitCertificateBody,
} from './certificate-text';
import { firstPagePng, pdfText } from './test-certificate-pdf';

// Issue 32 point 2, acceptance: every design in both orientations, with an accented name, in the three languages.
// The text is read back with pdf.js (and with poppler's pdftotext where it is installed), and the first page of each
// design (de-DE) is rendered by pdf.js and compared with a committed reference picture, a small share of differing
// pixels allowed. After an intended change of a design, write the references anew and look at them:
//   UPDATE_REFERENCES=1 npx vitest run apps/server/src/features/templates/certificate/certificate-designs.test.ts
// (test-fixtures/certificate-designs/<design>-<orientation>.png); a mismatch leaves the picture it got in the
// system's temporary folder (named in the failure).

const REFERENCES = path.resolve(import.meta.dirname, '../../../../../../test-fixtures/certificate-designs');
const UPDATE = process.env.UPDATE_REFERENCES === '1';
const PDFTOTEXT = '/usr/bin/pdftotext';
/** Anti-aliasing differs a little between canvas builds; a design that moved differs by far more. */
const ALLOWED_SHARE = 0.005;

const NAME = 'Zoë Müller-Lefèvre';
const CODE = formatVerificationCode('7K3M9QX2D4HJ8R5TVW6YBC1NPZ0A');
const ROLES: Record<TLocale, [string, string]> = {
  'de-DE': ['Geschäftsführerin', 'Leitung Schulung'],
  'en-US': ['Managing Director', 'Head of Training'],
  'fr-FR': ['Directrice générale', 'Responsable formation'],
};

async function look(design: TCertificateDesign, orientation: TCertificateOrientation, locale: TLocale) {
  const [signature, logo] = await Promise.all([
    readFile(DEMO_SIGNATURE_FILE),
    sharp(demoLogoSvg(DEFAULT_COLOURS.primaryButton), { density: 300 }).resize({ height: 200 }).png().toBuffer(),
  ]);
  const result: CertificateLook = {
    design,
    orientation,
    colours: {
      primary: DEFAULT_COLOURS.primaryButton,
      accent: DEFAULT_COLOURS.secondaryButton,
      headline: DEFAULT_COLOURS.headline,
      text: DEFAULT_COLOURS.text,
      muted: DEFAULT_COLOURS.text2,
    },
    logo,
    signatories: [
      { name: 'Dr. Anna Schäfer', role: ROLES[locale][0], image: signature },
      { name: 'Jérôme Lefèbvre', role: ROLES[locale][1], image: null },
    ],
  };
  return result;
}

async function render(design: TCertificateDesign, orientation: TCertificateOrientation, locale: TLocale) {
  const texts = defaultCertificateContent(locale);
  const values = {
    name: NAME,
    course: DEMO_COURSE_TITLES[locale].title,
    date: formatCertificateDate('2026-12-02T09:00:00.000Z', locale),
    duration: formatCertificateDuration(30, locale),
  };
  const body = splitCertificateBody(texts.body, values);
  const pdf = await renderCertificatePdf({
    background: null,
    subtitle: fillCertificateText(texts.subtitle, values),
    body: body.body,
    hero: body.hero,
    look: await look(design, orientation, locale),
    locale,
    title: values.course,
    verification: {
      code: CODE,
      url: 'https://demo.lms.example/verify/7K3M9QX2D4HJ8R5TVW6YBC1NPZ0A',
      validUntil: formatCertificateDate('2027-12-02T09:00:00.000Z', locale),
    },
  });
  return { pdf, values, subtitle: texts.subtitle };
}

/** What each certificate must say, in its language. */
function expectedTexts(locale: TLocale, values: { course: string; duration: string }, subtitle: string): string[] {
  const validUntil = { 'de-DE': 'Gültig bis', 'en-US': 'Valid until', 'fr-FR': 'Valable jusqu’au' }[locale];
  return [
    NAME,
    subtitle,
    values.course,
    values.duration,
    validUntil,
    CODE,
    'Dr. Anna Schäfer',
    'Jérôme Lefèbvre',
    ...ROLES[locale],
  ];
}

const normalise = (s: string) => s.replace(/\s+/g, ' ');

const cases = CERTIFICATE_DESIGNS.flatMap((design) =>
  CERTIFICATE_ORIENTATIONS.flatMap((orientation) => LOCALES.map((locale) => ({ design, orientation, locale }))),
);

describe('certificate designs (issue 32 point 2)', () => {
  it.each(cases)('$design $orientation in $locale says every text, accents whole (pdf.js)', async (c) => {
    const { pdf, values, subtitle } = await render(c.design, c.orientation, c.locale);
    const text = normalise(await pdfText(pdf.bytes));
    for (const expected of expectedTexts(c.locale, values, subtitle)) expect(text).toContain(expected);
    expect(text).toContain(c.locale === 'de-DE' ? '30 Minuten' : c.locale === 'en-US' ? '30 minutes' : '30 minutes');
    expect(pdf.width > pdf.height).toBe(c.orientation === 'landscape');
  });

  const poppler = existsSync(PDFTOTEXT);
  it.skipIf(!poppler).each(cases)(
    `$design $orientation in $locale says every text to pdftotext (skipped when ${PDFTOTEXT} is not installed)`,
    async (c) => {
      const { pdf, values, subtitle } = await render(c.design, c.orientation, c.locale);
      const text = normalise(execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', '-', '-'], { input: pdf.bytes }).toString());
      for (const expected of expectedTexts(c.locale, values, subtitle)) expect(text).toContain(expected);
    },
  );

  const pictures = CERTIFICATE_DESIGNS.flatMap((design) =>
    CERTIFICATE_ORIENTATIONS.map((orientation) => ({ design, orientation })),
  );
  it.each(pictures)('$design $orientation looks like its reference picture (de-DE)', async (c) => {
    const { pdf } = await render(c.design, c.orientation, 'de-DE');
    const png = await firstPagePng(pdf.bytes, 1);
    const file = path.join(REFERENCES, `${c.design}-${c.orientation}.png`);
    if (UPDATE) {
      await mkdir(REFERENCES, { recursive: true });
      await writeFile(file, png);
      return;
    }
    const expected = PNG.sync.read(await readFile(file));
    const actual = PNG.sync.read(png);
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    const differing = pixelmatch(expected.data, actual.data, undefined, actual.width, actual.height, {
      threshold: 0.1,
    });
    const share = differing / (actual.width * actual.height);
    if (share > ALLOWED_SHARE) {
      const got = path.join(tmpdir(), `certificate-${c.design}-${c.orientation}.actual.png`);
      await writeFile(got, png);
      expect.fail(`${(share * 100).toFixed(2)} % of the pixels differ from ${file}; the rendering is in ${got}`);
    }
  });
});
