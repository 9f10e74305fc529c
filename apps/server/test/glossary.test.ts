import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { findGlossaryAlternatives, MENU_PAGE_TITLES } from '@lms/contracts/glossary';
import { MAIL_TEMPLATE_KINDS } from '@lms/contracts/mail-templates';
import { describe, expect, it } from 'vitest';
import { supportLabels } from '../src/features/account/support-mail-labels';
import { mailLayoutLabels } from '../src/features/templates/mail/mail-layout-labels';
import { appointmentDetails } from '../src/features/contact-persons/appointment-mail';
import { certificateFileName } from '../src/features/certificates/certificate.service';
import { DEMO_COURSE_TITLES } from '../src/features/demo/demo-training';
import { GDPR_TEXTS } from '../src/features/gdpr/gdpr-texts';
import { DEFAULT_PLATFORM_TEXTS } from '../src/features/platform-texts/default-texts';
import { RECORD_TEXTS } from '../src/features/learning-record/record-texts';
import { INVOICE_TEXTS } from '../src/features/premium/invoice-texts';
import { TRAINING_EXPORT_TEXTS } from '../src/features/trainings/training-export-texts';
import { defaultTemplateContent, defaultTemplateName, sampleValues } from '../src/features/templates';
import { defaultCertificateContent } from '../src/features/templates/certificate/certificate-text';

// Issue 32 point 8 "One vocabulary": no text of the product uses an alternative to the glossary's word for a
// concept (packages/contracts/src/glossary.ts, docs/glossary.md): every web locale file and the server's own texts
// (mails, the GDPR export, invoices, certificates, the FAQ and about page, support mails, the demo course).

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/locales');

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flatten(v, `${prefix}${k}.`)));
const webTexts = (locale: TLocale): Map<string, string> =>
  new Map(
    readdirSync(path.join(LOCALES_DIR, locale))
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) =>
        flatten(JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, file), 'utf8')) as Tree).map(
          ([key, text]): [string, string] => [`${file.replace(/\.json$/, '')}:${key}`, text],
        ),
      ),
  );

/** Every string of a value (functions are called with a sample number), by its path. */
const strings = (value: unknown, at: string): [string, string][] => {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') return strings((value as (n: number) => unknown)(2), `${at}()`);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  return [];
};

const serverTexts = (locale: TLocale): [string, string][] => {
  const client = { name: 'Demo GmbH', supportEmail: 'support@demo.test', platformDomain: 'demo.test' };
  return [
    ...MAIL_TEMPLATE_KINDS.flatMap((kind) => [
      ...strings(defaultTemplateName(kind, locale), `mail ${kind}.name`),
      ...strings(defaultTemplateContent(kind, locale), `mail ${kind}`),
    ]),
    ...strings(sampleValues(locale, client), 'mail sample'),
    ...strings(GDPR_TEXTS[locale], 'GDPR export'),
    ...strings(INVOICE_TEXTS[locale], 'invoice'),
    ...strings(TRAINING_EXPORT_TEXTS[locale], 'status table export'),
    ...strings(RECORD_TEXTS[locale], 'learning record'),
    ...strings(defaultCertificateContent(locale), 'certificate template'),
    ...strings(certificateFileName(locale, 'Kurs', 'Name'), 'certificate file name'),
    ...strings(supportLabels(locale), 'support mail'),
    ...strings(mailLayoutLabels(locale), 'mail layout footer'),
    ...(['ONLINE_MEETING', 'PHONE_CALL', 'FACE_TO_FACE'] as const).flatMap((type) =>
      strings(
        appointmentDetails(
          {
            type,
            firstDate: '2027-01-04',
            secondDate: '2027-01-05',
            timeOfDay: 'ALL_DAY',
            email: 'a@b.test',
            phone: '1',
            message: null,
          },
          locale,
        ),
        `appointment mail ${type}`,
      ),
    ),
    ...Object.entries(DEFAULT_PLATFORM_TEXTS).flatMap(([key, texts]) => strings(texts[locale], `platform text ${key}`)),
    ...strings(DEMO_COURSE_TITLES[locale], 'demo course'),
  ];
};

const problems = (texts: Iterable<[string, string]>, locale: TLocale): string[] =>
  [...texts].flatMap(([where, text]) =>
    findGlossaryAlternatives(text, locale).map(
      (f) => `${where}: "${f.found}" (${f.concept}: not ${f.alternative}) in "${text.slice(0, 120)}"`,
    ),
  );

describe('glossary: one word per concept (issue 32 point 8)', () => {
  it.each(LOCALES)('no web text of %s uses a glossary alternative', (locale) => {
    expect(problems(webTexts(locale), locale)).toEqual([]);
  });

  it.each(LOCALES)('no server text of %s (mails, PDFs, exports, FAQ) uses a glossary alternative', (locale) => {
    const texts = serverTexts(locale);
    expect(texts.length).toBeGreaterThan(50);
    expect(problems(texts, locale)).toEqual([]);
  });

  it.each(LOCALES)('every menu entry of %s has the title of the page it opens', (locale) => {
    const texts = webTexts(locale);
    const differ = MENU_PAGE_TITLES.filter(({ menu, page }) => !texts.get(menu) || texts.get(menu) !== texts.get(page));
    expect(differ.map(({ menu, page }) => `${menu} "${texts.get(menu)}" opens ${page} "${texts.get(page)}"`)).toEqual(
      [],
    );
  });
});
