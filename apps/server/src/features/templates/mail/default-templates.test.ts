import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { MAIL_TEMPLATE_KINDS, type TMailPlaceholder } from '@lms/contracts/mail-templates';
import { describe, expect, it } from 'vitest';
import { defaultTemplateContent } from './default-templates';
import { findSectionProblem, findUnknownPlaceholders, renderTemplate } from './template-render';
import { FULL, OPTIONAL, problemsOf, without } from './test-mail-texts';

describe('default mail templates read well with each optional value missing', () => {
  for (const kind of MAIL_TEMPLATE_KINDS) {
    for (const locale of LOCALES) {
      it(`${kind} in ${locale}`, () => {
        const source = defaultTemplateContent(kind, locale);
        for (const text of [source.subject, source.bodyText]) {
          expect(findUnknownPlaceholders(text)).toEqual([]);
          expect(findSectionProblem(text)).toBeNull();
        }
        const cases: TMailPlaceholder[][] = [[], ...OPTIONAL[kind].map((p) => [p]), OPTIONAL[kind]];
        for (const drop of cases) {
          const mail = renderTemplate(source, without(drop), locale);
          for (const [part, text] of [
            ['subject', mail.subject],
            ['text', mail.text],
          ] as const) {
            expect(problemsOf(text, locale), `${part} without ${drop.join(', ') || 'nothing'}:\n${text}`).toEqual([]);
          }
          expect(mail.html).not.toMatch(/\{\{|\}\}/);
        }
      });
    }
  }

  it('the invitation without a deadline asks to finish it, with no empty "bis zum" / "by" / "avant le"', () => {
    const text = (locale: TLocale) =>
      renderTemplate(defaultTemplateContent('invitation', locale), without(['deadline']), locale).text;
    expect(text('de-DE')).toContain('Bitte schließen Sie sie ab:');
    expect(text('en-US')).toContain('Please complete it:');
    expect(text('fr-FR')).toContain('Veuillez la terminer :');
    const dated = renderTemplate(defaultTemplateContent('invitation', 'de-DE'), FULL, 'de-DE').text;
    expect(dated).toContain('Bitte schließen Sie sie bis zum 12. März 2027 ab:');
  });

  it('the digest says so when a section is empty, and keeps each list and its links when it is not', () => {
    const empty = (locale: TLocale) =>
      renderTemplate(defaultTemplateContent('digest', locale), without(['completed']), locale).text;
    expect(empty('de-DE')).toContain('In dieser Woche hat niemand eine Schulung abgeschlossen.');
    expect(empty('en-US')).toContain('Nobody completed a training this week.');
    expect(empty('fr-FR')).toContain("Personne n'a terminé de formation cette semaine.");
    for (const locale of LOCALES) {
      const mail = renderTemplate(defaultTemplateContent('digest', locale), FULL, locale);
      expect(mail.text).toContain(`${FULL.overdue}\n`);
      expect(mail.text).toContain(`${FULL.completed}\n`);
      expect(mail.subject).toContain(FULL.period);
      // The HTML made from the text links each report.
      expect(mail.html).toContain('<a href="https://demo.example/reports/attention?state=expiring&amp;group=g1">');
    }
  });
});
