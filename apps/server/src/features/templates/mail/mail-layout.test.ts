import { DEFAULT_COLOURS } from '@lms/contracts/client';
import { LOCALES } from '@lms/contracts/constants';
import { MAIL_TEMPLATE_KINDS, type TMailPlaceholder, type TMailValues } from '@lms/contracts/mail-templates';
import { describe, expect, it } from 'vitest';
import type { ClientMailBrand } from '../../../platform/mail-brand';
import { defaultTemplateContent } from './default-templates';
import { cssRemoteResource, parseHtml } from './html-rules';
import { brandMailParts } from './mail-branding';
import { bodyFragmentOf, MAIL_LOGO_CID } from './mail-layout';
import { mailLayoutLabels } from './mail-layout-labels';
import { renderTemplate } from './template-render';
import { OPTIONAL, problemsOf, without } from './test-mail-texts';

const FULL_BRAND: ClientMailBrand = {
  name: 'Muster GmbH',
  platformDomain: 'schulung.muster.example',
  colours: { ...DEFAULT_COLOURS, primaryButton: '#0b6e4f', headline: '#10302a', text: '#222222', text2: '#5a5a5a' },
  supportEmail: 'support@muster.example',
  address: 'Königstraße 1, 70173 Stuttgart',
  footer: 'Amtsgericht Stuttgart HRB 12345',
  logoPng: Buffer.from('89504e470d0a1a0a', 'hex'),
};
/** A new client: no logo, no support address, no postal address, no footer text. */
const BARE_BRAND: ClientMailBrand = {
  ...FULL_BRAND,
  colours: DEFAULT_COLOURS,
  supportEmail: null,
  address: null,
  footer: null,
  logoPng: null,
};

/** The text a reader sees in the HTML part: tags gone, entities read, whitespace as a browser collapses it. */
async function visibleText(html: string): Promise<string> {
  const dom = await parseHtml(html);
  try {
    const doc = dom.window.document;
    for (const el of Array.from(doc.querySelectorAll('style, title, script'))) el.remove();
    // The preheader (mail clients show it beside the subject, not in the mail) is hidden.
    for (const el of Array.from(doc.querySelectorAll('[style*="display:none"]'))) el.remove();
    for (const br of Array.from(doc.querySelectorAll('br, p, div'))) br.append(doc.createTextNode('\n'));
    return (doc.body.textContent ?? '')
      .split('\n')
      .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
  } finally {
    dom.window.close();
  }
}

/** Anything in the frame a mail client would fetch by itself: only `cid:` images, no CSS or font from a server. */
async function fetchedResources(html: string): Promise<string[]> {
  const dom = await parseHtml(html);
  try {
    const found: string[] = [];
    for (const el of Array.from(dom.window.document.querySelectorAll('[src], [background], link, style'))) {
      const src = el.getAttribute('src') ?? el.getAttribute('background');
      if (src !== null && !src.startsWith('cid:')) found.push(`${el.localName} ${src}`);
      if (el.localName === 'link') found.push('<link>');
      const css = el.localName === 'style' ? cssRemoteResource(el.textContent ?? '') : null;
      if (css) found.push(css);
    }
    for (const el of Array.from(dom.window.document.querySelectorAll('[style]'))) {
      const css = cssRemoteResource(el.getAttribute('style') ?? '');
      if (css) found.push(css);
    }
    return found;
  } finally {
    dom.window.close();
  }
}

const link = 'https://schulung.muster.example/init-password?token=abc';

describe('every mail kind in the branded layout, in every language, with each optional value missing', () => {
  for (const kind of MAIL_TEMPLATE_KINDS) {
    for (const locale of LOCALES) {
      it(`${kind} in ${locale}`, async () => {
        const labels = mailLayoutLabels(locale);
        const dropCases: TMailPlaceholder[][] = [[], OPTIONAL[kind]];
        for (const [brandName, brand] of [
          ['full', FULL_BRAND],
          ['bare', BARE_BRAND],
        ] as const) {
          for (const drop of dropCases) {
            const values: TMailValues = {
              ...without(drop),
              clientName: brand.name,
              supportEmail: brand.supportEmail ?? '',
              ...(drop.includes('link') ? {} : { link }),
            };
            const rendered = renderTemplate(defaultTemplateContent(kind, locale), values, locale);
            const mail = await brandMailParts(brand, locale, rendered);
            const what = `${brandName} client, without ${drop.join(', ') || 'nothing'}`;
            expect(problemsOf(mail.text.split('\n-- \n')[0] ?? '', locale), `${what}:\n${mail.text}`).toEqual([]);
            expect(mail.text).toContain(`\n-- \n${brand.name}\n`);
            expect(mail.text).toContain(`${labels.imprint}: https://${brand.platformDomain}/client/imprint`);
            expect(mail.html).not.toMatch(/\{\{|\}\}|%%LMS_/);
            const seen = await visibleText(mail.html);
            expect(problemsOf(seen, locale), `${what}, HTML as read:\n${seen}`).toEqual([]);
            // The client's colours, its footer and, when it has one, its logo as the attachment.
            expect(mail.html).toContain(brand.colours.primaryButton);
            expect(mail.html).toContain(`href="https://${brand.platformDomain}/client/privacy-policy"`);
            expect(seen).toContain(labels.privacy);
            if (brand.logoPng) {
              expect(mail.html).toContain(`src="cid:${MAIL_LOGO_CID}"`);
              expect(mail.attachments).toEqual([expect.objectContaining({ cid: MAIL_LOGO_CID })]);
              expect(seen).toContain(brand.address);
              expect(seen).toContain(brand.supportEmail);
            } else {
              expect(mail.html).not.toContain('cid:');
              expect(mail.attachments).toEqual([]);
            }
          }
        }
      });
    }
  }

  it('a new client without a support address gets no "erreichen Sie uns unter ." in any language', async () => {
    for (const locale of LOCALES) {
      for (const kind of ['activation', 'invitation'] as const) {
        const values: TMailValues = { clientName: 'Neu AG', supportEmail: '', link, courseTitle: 'Brandschutz' };
        const mail = await brandMailParts(
          { ...BARE_BRAND, name: 'Neu AG' },
          locale,
          renderTemplate(defaultTemplateContent(kind, locale), values, locale),
        );
        const seen = await visibleText(mail.html);
        for (const part of [mail.text, seen]) {
          expect(part).not.toMatch(/unter\s*\.|write to\s*\.|à l’adresse\s*\.|\s[.,]/);
          expect(part).not.toMatch(/ {2,}/);
        }
      }
    }
  });

  it('the frame fetches nothing when the mail is opened: no web font, no remote CSS, the logo as cid:', async () => {
    for (const locale of LOCALES) {
      const rendered = renderTemplate(
        defaultTemplateContent('reminder', locale),
        { clientName: 'X', link, courseTitle: 'Y' },
        locale,
      );
      const mail = await brandMailParts(FULL_BRAND, locale, rendered);
      expect(await fetchedResources(mail.html)).toEqual([]);
      expect(mail.html).toMatch(/<html lang="[a-z]{2}"/);
      expect(mail.html).toContain('<meta name="viewport"');
      // Outlook's markup that MJML writes (the layout keeps working in Outlook's Word engine).
      expect(mail.html).toContain('<!--[if mso | IE]>');
    }
  });

  it("keeps an author's own HTML document as it is, with the client's footer text under it", async () => {
    const own = '<!doctype html><html><head><title>x</title></head><body><p>Eigenes Design</p></body></html>';
    const mail = await brandMailParts(FULL_BRAND, 'de-DE', { subject: 'S', text: 'Eigenes Design', html: own });
    expect(bodyFragmentOf(own)).toBeNull();
    expect(mail.html).toContain('<p>Eigenes Design</p>');
    expect(mail.html).toContain('Amtsgericht Stuttgart HRB 12345');
    expect(mail.html).not.toContain('mj-column');
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('Impressum: https://schulung.muster.example/client/imprint');
  });

  it('a value that looks like a slot of the frame stays text; names and addresses are escaped', async () => {
    const brand = { ...FULL_BRAND, name: 'A & <b>B</b>', address: '%%LMS_BODY%%' };
    const rendered = renderTemplate(defaultTemplateContent('activation', 'en-US'), { link }, 'en-US');
    const mail = await brandMailParts(brand, 'en-US', rendered);
    expect(mail.html).toContain('A &amp; &lt;b&gt;B&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>B</b>');
    expect(mail.html).toContain('%%LMS_BODY%%');
    expect(mail.html.split('%%LMS_BODY%%')).toHaveLength(2);
    expect(mail.html.split(`href="${link}"`)).toHaveLength(2);
  });

  it('the template preview shows the logo inline as data, not as an attachment', async () => {
    const rendered = renderTemplate(defaultTemplateContent('reminder', 'de-DE'), { link }, 'de-DE');
    const mail = await brandMailParts(FULL_BRAND, 'de-DE', rendered, 'data-uri');
    expect(mail.html).toContain('src="data:image/png;base64,');
    expect(mail.html).not.toContain('cid:');
    expect(mail.attachments).toEqual([]);
  });
});
