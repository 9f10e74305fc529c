import { describe, expect, it } from 'vitest';
import { splitOpeningHeading } from './leading-heading';

describe('a legal text that opens with its own h1 (issue 32: one heading, not the title twice)', () => {
  it('takes the h1 Markdown "# Impressum" renders to as the heading, and the rest as the text', () => {
    expect(splitOpeningHeading('<h1>Impressum</h1>\n<p>Muster GmbH</p>\n')).toEqual({
      headingHtml: 'Impressum',
      bodyHtml: '<p>Muster GmbH</p>\n',
    });
  });

  it('keeps inline markup in the heading and finds it after blank space or inside divs', () => {
    expect(splitOpeningHeading('\n <h1> Impressum der <em>Muster</em> GmbH </h1><p>x</p>')).toEqual({
      headingHtml: 'Impressum der <em>Muster</em> GmbH',
      bodyHtml: '<p>x</p>',
    });
    expect(splitOpeningHeading('<div><h1>Daten &amp; Schutz</h1><p>x</p></div>')).toEqual({
      headingHtml: 'Daten &amp; Schutz',
      bodyHtml: '<div><p>x</p></div>',
    });
  });

  it('leaves a text alone that opens otherwise, has its h1 later, or an empty one', () => {
    for (const html of [
      '<p>Muster GmbH</p><h1>Impressum</h1>',
      '<h2>Angaben gemäß § 5 TMG</h2>',
      '<h1> </h1><p>x</p>',
      '',
    ])
      expect(splitOpeningHeading(html)).toEqual({ headingHtml: null, bodyHtml: html });
  });
});
