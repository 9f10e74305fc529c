import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@lms/contracts/errors';
import { SMTP_TEST_REASONS } from '@lms/contracts/client-smtp';
import { MAIL_TEMPLATE_KINDS } from '@lms/contracts/mail-templates';
import { describe, expect, it } from 'vitest';
import { supportLabels } from '../src/features/account/support-mail-labels';
import { mailLayoutLabels } from '../src/features/templates/mail/mail-layout-labels';
import { defaultTemplateContent, defaultTemplateName, renderTemplate, sampleValues } from '../src/features/templates';

// Issue 12 "Translations": no English text in the German or French UI or mails. Every text is compared with its
// English one: a text that is the same must consist of words both languages share (the short lists below: names,
// technical terms and genuine cognates), else it was left untranslated.

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/locales');
const OTHERS = ['de-DE', 'fr-FR'] as const;
type Other = (typeof OTHERS)[number];

/** Words that are the same in English and the language: product and technical names, genuine identical words. */
const SHARED_WORDS: Record<Other, ReadonlySet<string>> = {
  'de-DE': new Set(
    (
      'Administration BIC Bank Code Cookies Design Details Domain Downloads HTML optional Optional IBAN Info Logo ' +
      'Markdown Microsoft Entra ID Name OK Organisation PDF PayPal Person Port Premium Problem Reseller SCORM SMTP ' +
      'Server Standard Status Support Text in Excel XLSX CSV Format'
    ).split(' '),
  ),
  'fr-FR': new Set(
    (
      'Actions Administration BIC Client client clients Code Contacts Cookies Coordination Date Description Design ' +
      'Document pdf Documents mail HTML IBAN Info Logo Markdown Message message messages Messages Microsoft Entra ' +
      'ID minute minutes Module module modules Modules Notifications OK Organisation Page Participant Participants ' +
      'PayPal PDF Port Premium SCORM SMTP Secret Standard standard Type active inactive Excel XLSX CSV Format'
    ).split(' '),
  ),
};

/** The words of a text, without placeholders, numbers and punctuation. */
const wordsOf = (text: string): string[] =>
  text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 1);

const untranslated = (locale: Other, english: string, other: string | undefined): string[] =>
  other === english ? wordsOf(other).filter((w) => !SHARED_WORDS[locale].has(w)) : [];

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flatten(v, `${prefix}${k}.`)));
const namespace = (locale: string, file: string): Map<string, string> =>
  new Map(flatten(JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, file), 'utf8')) as Tree));

describe('translations: no English in the German or French UI', () => {
  const files = readdirSync(path.join(LOCALES_DIR, 'en-US')).filter((f) => f.endsWith('.json'));

  it.each(OTHERS)('every web text of %s exists and is translated', (locale) => {
    const problems: string[] = [];
    for (const file of files) {
      const english = namespace('en-US', file);
      const other = namespace(locale, file);
      for (const [key, text] of english) {
        if (!other.has(key)) problems.push(`${file}:${key} missing`);
        const left = untranslated(locale, text, other.get(key));
        if (left.length > 0) problems.push(`${file}:${key} "${text}" (${left.join(', ')})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(OTHERS)('every server error code and SMTP test reason reads in %s, not in English', (locale) => {
    const english = namespace('en-US', 'errors.json');
    const other = namespace(locale, 'errors.json');
    const problems: string[] = [];
    for (const code of ERROR_CODES) {
      const key = code;
      const text = other.get(key);
      if (!text || !english.get(key)) problems.push(`${code} has no text`);
      else if (untranslated(locale, english.get(key) ?? '', text).length > 0) problems.push(`${code}: "${text}"`);
    }
    const mailEnglish = namespace('en-US', 'mail.json');
    const mailOther = namespace(locale, 'mail.json');
    for (const reason of SMTP_TEST_REASONS) {
      const key = `smtp.reasons.${reason}`;
      if (!mailOther.get(key) || mailOther.get(key) === mailEnglish.get(key)) problems.push(`smtp reason ${reason}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('translations: every mail kind in German and French', () => {
  const client = { name: 'Demo GmbH', supportEmail: 'support@demo.test', platformDomain: 'demo.test' };
  const render = (kind: (typeof MAIL_TEMPLATE_KINDS)[number], locale: 'de-DE' | 'en-US' | 'fr-FR') => {
    const values = { ...sampleValues(locale, client), name: 'Erika Muster', firstName: 'Erika', lastName: 'Muster' };
    return renderTemplate(defaultTemplateContent(kind, locale), values, locale);
  };
  /** The English mail's lines of more than two words: none may stand in the other language's mail. */
  const englishLines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => wordsOf(l).length > 2);

  it.each(OTHERS.flatMap((locale) => MAIL_TEMPLATE_KINDS.map((kind) => [locale, kind] as const)))(
    '%s %s: name, subject and text are not the English ones',
    (locale, kind) => {
      const english = render(kind, 'en-US');
      const other = render(kind, locale);
      expect(untranslated(locale, defaultTemplateName(kind, 'en-US'), defaultTemplateName(kind, locale))).toEqual([]);
      expect(other.subject).not.toBe(english.subject);
      // The lines of the English template (placeholders left out, so a link or a name is no line of its own).
      for (const line of englishLines(defaultTemplateContent(kind, 'en-US').bodyText))
        expect(defaultTemplateContent(kind, locale).bodyText, kind).not.toContain(line);
      expect(other.text).not.toBe(english.text);
    },
  );

  it.each(OTHERS)('the footer of the branded mail layout reads in %s', (locale) => {
    const english = mailLayoutLabels('en-US');
    const other = mailLayoutLabels(locale);
    const left = (Object.keys(english) as (keyof typeof english)[]).flatMap((k) =>
      untranslated(locale, english[k], other[k]).map((w) => `${k}: ${w}`),
    );
    expect(left).toEqual([]);
  });

  it.each(OTHERS)('the support mails label their details in %s', (locale) => {
    const english = supportLabels('en-US');
    const other = supportLabels(locale);
    const left = Object.entries(english).flatMap(([k, v]) =>
      untranslated(locale, v, other[k as keyof typeof other]).map((w) => `${k}: ${w}`),
    );
    expect(left).toEqual([]);
  });
});
