import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { escapeHtml, linkSpots, parseHtml, remoteResourceIn, textToHtml, wrapHtmlDocument } from '../templates';

/** [shown form, value] of each secret of a mail. */
export type SecretPairs = readonly (readonly [string, string])[];

export interface MailTexts {
  subject: string;
  text: string;
  html: string;
}

/**
 * Puts a mail's one-time links back (issue 28 point 1) only where a redacted link stands alone: a whole line of the
 * text, the exact `href` of an HTML `<a>` and that link's only text (html-rules.ts `linkSpots`). Every other
 * occurrence stays redacted: inside another URL, an image source, CSS, an attribute, the subject. So a template that
 * places the link elsewhere, even one stored before the save rules (mail-template-rules.ts) existed, never sends the
 * token anywhere but in a plain link to this platform. An HTML part that loads anything from elsewhere (stored
 * before the rules) is not sent with a secret at all: the mail goes out with the HTML made from its text instead.
 */
export async function restoreSecrets(texts: MailTexts, pairs: SecretPairs, locale: TLocale): Promise<MailTexts> {
  const valueOf = (shown: string) => pairs.find(([s]) => s === shown)?.[1] ?? null;
  const text = texts.text
    .split('\n')
    .map((line) => {
      const value = valueOf(line.trim());
      return value === null ? line : line.replace(line.trim(), () => value);
    })
    .join('\n');
  // Nothing to put back in an HTML part that holds no redacted link: it leaves as it is, unparsed.
  if (!pairs.some(([shown]) => texts.html.includes(escapeHtml(shown)))) return { ...texts, text };
  // The HTML part made from the text (every default template): made again from the restored text, no parsing
  // needed (an import's thousands of activation mails, issue 15). Its links are the text's URLs, so a redacted
  // link that stood alone on its line is the whole of its <a>, and one inside another URL stays redacted.
  const made = LOCALES.find((l) => texts.html === wrapHtmlDocument(textToHtml(texts.text), l));
  if (made) return { ...texts, text, html: wrapHtmlDocument(textToHtml(text), made) };
  const dom = await parseHtml(texts.html);
  try {
    if (await remoteResourceIn(dom))
      return { subject: texts.subject, text, html: wrapHtmlDocument(textToHtml(text), locale) };
    let html = texts.html;
    const spots = linkSpots(dom, valueOf).sort((a, b) => b.start - a.start);
    for (const spot of spots) {
      const put = spot.kind === 'href' ? `href="${escapeHtml(spot.value)}"` : escapeHtml(spot.value);
      html = html.slice(0, spot.start) + put + html.slice(spot.end);
    }
    return { subject: texts.subject, text, html };
  } finally {
    dom.window.close();
  }
}
