import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants';
import { findGlossaryAlternatives, GLOSSARY, type GlossaryConcept } from './glossary';

const found = (text: string, locale: (typeof LOCALES)[number]) =>
  findGlossaryAlternatives(text, locale).map((f) => f.found);

describe('glossary matching (issue 32 point 8)', () => {
  it('finds German compounds and inflections where the alternative has a star, whole words elsewhere', () => {
    expect(found('Die Ansprechpartnern und Hauptansprechpartner', 'de-DE')).toEqual([
      'Ansprechpartnern',
      'Hauptansprechpartner',
    ]);
    expect(found('Ihre Teilnahmebescheinigungen', 'de-DE')).toEqual(['Teilnahmebescheinigungen']);
    expect(found('Kontakte anlegen', 'de-DE')).toEqual(['Kontakte']);
    expect(found('Kontaktdaten der Ansprechperson', 'de-DE')).toEqual([]);
  });

  it('treats a hyphenated word as one: "E-Mail" holds no "Mail", "Mails" alone is one', () => {
    expect(found('Eine E-Mail an die E-Mail-Adresse', 'de-DE')).toEqual([]);
    expect(found('Noch keine Mails', 'de-DE')).toEqual(['Mails']);
  });

  it('blanks the concept’s own words and its listed exceptions first', () => {
    expect(found('Add contact', 'en-US')).toEqual(['contact']);
    expect(found('Contact persons of the client', 'en-US')).toEqual([]);
    expect(found('Please contact your administrator.', 'en-US')).toEqual([]);
    expect(found('Entra tenant ID', 'en-US')).toEqual([]);
    expect(found('Each tenant', 'en-US')).toEqual(['tenant']);
    expect(found('N’accepter que des certificats valides', 'fr-FR')).toEqual([]);
    expect(found('Votre certificat', 'fr-FR')).toEqual(['certificat']);
    expect(found('la certification', 'fr-FR')).toEqual([]);
  });

  it('leaves placeholders out and names concept and alternative', () => {
    expect(findGlossaryAlternatives('{{learner}} and a learner', 'en-US')).toEqual([
      { concept: 'participant', alternative: 'learner*', found: 'learner' },
    ]);
  });

  it('gives every concept a word in every locale, and every exception a reason', () => {
    for (const [id, concept] of Object.entries(GLOSSARY) as [string, GlossaryConcept][])
      for (const locale of LOCALES) {
        expect(concept.words[locale].length, `${id} ${locale}`).toBeGreaterThan(0);
        for (const e of concept.exceptions?.[locale] ?? []) expect(e.reason.length, e.phrase).toBeGreaterThan(10);
        // A word of the concept is never one of its alternatives.
        for (const word of concept.words[locale])
          expect(
            findGlossaryAlternatives(word, locale).filter((f) => f.concept === id),
            word,
          ).toEqual([]);
      }
  });

  it('docs/glossary.md lists every word, alternative and exception of the code', () => {
    const doc = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/glossary.md'),
      'utf8',
    );
    const missing = (Object.values(GLOSSARY) as GlossaryConcept[]).flatMap((c) =>
      LOCALES.flatMap((l) => [
        ...c.words[l],
        ...(c.avoid[l] ?? []).map((a) => `\`${a}\``),
        ...(c.exceptions?.[l] ?? []).map((e) => `\`${e.phrase}\``),
      ]).filter((w) => !doc.includes(w)),
    );
    expect(missing).toEqual([]);
  });
});
