/**
 * The branded frame of every mail the platform sends (issue 32 "Mails"): the client's logo, its colours, the body
 * of the template, and a footer with the client's name, contact and the links to imprint and privacy policy on the
 * client's domain. The frame is MJML (responsive, with the table and Outlook markup MJML writes), compiled once per
 * process and then filled per mail with escaped values; the template's HTML is the body, as the author wrote it.
 *
 * The frame is server-written: it holds no placeholder and no one-time link (the worker restores those in the body
 * before the frame goes round it) and no remote resource. The logo is an attachment of the mail (`cid:`), never an
 * image fetched from a server when the mail is opened: such a fetch tells who opened it and when.
 */
import type { TClientColours } from '@lms/contracts/client';
import type { TLocale } from '@lms/contracts/constants';
import { mailLayoutLabels } from './mail-layout-labels';
import { escapeHtml } from './template-render';

/** The Content-ID of the logo attachment; the HTML refers to it as `cid:` + this. */
export const MAIL_LOGO_CID = 'logo@mail.lms';
/** The logo as the mail carries it: a PNG of this box (twice the shown size, for sharp screens), the logo inside. */
export const MAIL_LOGO_BOX = { width: 400, height: 112 } as const;

/** What the frame shows of the client. */
export interface MailBrand {
  name: string;
  platformDomain: string;
  colours: TClientColours;
  /** Whether the mail carries the logo as the `MAIL_LOGO_CID` attachment. */
  hasLogo: boolean;
  supportEmail: string | null;
  /** The postal address in one line, when the client has one. */
  address: string | null;
  /** The client's own footer text (client settings "e-mail footer"). */
  footer: string | null;
}

// Colours and texts are filled in after the compile. The colours stand as sentinels: hex values that MJML and its
// CSS inliner keep exactly as written (none can be shortened), replaced by the client's checked #rrggbb values.
const SENTINEL = {
  background: '#0b1c2e',
  headline: '#0c1d2f',
  text: '#0d1e30',
  text2: '#0e1f31',
  primary: '#0f2032',
} as const;
type Slot = 'LANG' | 'TITLE' | 'PREVIEW' | 'HEADER' | 'BODY' | 'FOOTER';
const slot = (name: Slot) => `%%LMS_${name}%%`;

const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

const MJML_SOURCE = `<mjml lang="${slot('LANG')}">
  <mj-head>
    <mj-title>${slot('TITLE')}</mj-title>
    <mj-preview>${slot('PREVIEW')}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="16px" line-height="1.55" color="${SENTINEL.text}" padding="0" />
      <mj-section padding="0" />
      <mj-column padding="0" />
    </mj-attributes>
    <mj-style>
      .lms-body p { margin: 0 0 16px 0; }
      .lms-body a { color: ${SENTINEL.primary}; text-decoration: underline; word-break: break-all; }
      .lms-body h1, .lms-body h2 { color: ${SENTINEL.headline}; line-height: 1.3; }
      .lms-footer a { color: ${SENTINEL.text2}; text-decoration: underline; }
      .lms-footer p { margin: 0 0 6px 0; }
      @media only screen and (max-width: 479px) {
        .lms-card > table > tbody > tr > td { padding-left: 20px !important; padding-right: 20px !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="${SENTINEL.background}" width="600px">
    <mj-section padding="24px 0 0 0"><mj-column><mj-spacer height="1px" /></mj-column></mj-section>
    <mj-wrapper padding="0" border-top="4px solid ${SENTINEL.primary}" background-color="#ffffff" border-radius="0 0 8px 8px">
      <mj-section padding="24px 32px 8px 32px" css-class="lms-card">
        <mj-column>
          <mj-text>${slot('HEADER')}</mj-text>
        </mj-column>
      </mj-section>
      <mj-section padding="8px 32px 16px 32px" css-class="lms-card">
        <mj-column>
          <mj-divider border-width="1px" border-color="#e3e8ee" padding="0 0 20px 0" />
          <mj-text css-class="lms-body">${slot('BODY')}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="20px 32px 32px 32px" css-class="lms-card">
      <mj-column>
        <mj-text css-class="lms-footer" font-size="13px" line-height="1.5" color="${SENTINEL.text2}">${slot('FOOTER')}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

let compiled: Promise<string> | undefined;

/** The frame as HTML, compiled on first use and kept (MJML takes some 20 ms; a mail must not pay that). */
export function compiledMailLayout(): Promise<string> {
  compiled ??= (async () => {
    const { default: mjml2html } = await import('mjml');
    const out = await mjml2html(MJML_SOURCE, { validationLevel: 'strict', fonts: {}, keepComments: false });
    if (out.errors.length > 0) throw new Error(`mail layout: ${out.errors.map((e) => e.formattedMessage).join('; ')}`);
    return out.html;
  })();
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (value: string, fallback: string) => (HEX.test(value) ? value.toLowerCase() : fallback);

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** The light page behind the card: the client's background colour unless it is too dark for dark text. */
const pageColour = (c: TClientColours) =>
  textOn(colour(c.background, '#f7f9fb')) === '#000000' ? colour(c.background, '#f7f9fb') : '#f3f5f8';

const legalUrl = (brand: MailBrand, page: 'imprint' | 'privacy-policy') =>
  `https://${brand.platformDomain}/client/${page}`;

/** The footer's lines as text (for the plain part) and as HTML, each line only when its value is there. */
function footerLines(brand: MailBrand, locale: TLocale) {
  const labels = mailLayoutLabels(locale);
  const support = brand.supportEmail?.trim();
  const own = brand.footer?.trim();
  const text: string[] = [brand.name];
  const html: string[] = [`<p><strong>${escapeHtml(brand.name)}</strong></p>`];
  if (brand.address) {
    text.push(brand.address);
    html.push(`<p>${escapeHtml(brand.address)}</p>`);
  }
  if (own) {
    text.push(own);
    html.push(`<p>${escapeHtml(own).replace(/\r?\n/g, '<br>')}</p>`);
  }
  if (support) {
    text.push(`${labels.questions} ${support}`);
    const mail = escapeHtml(support);
    html.push(`<p>${escapeHtml(labels.questions)} <a href="mailto:${mail}">${mail}</a></p>`);
  }
  const imprint = legalUrl(brand, 'imprint');
  const privacy = legalUrl(brand, 'privacy-policy');
  text.push(`${labels.imprint}: ${imprint}`, `${labels.privacy}: ${privacy}`);
  html.push(
    `<p><a href="${escapeHtml(imprint)}">${escapeHtml(labels.imprint)}</a>&nbsp;&nbsp;·&nbsp;&nbsp;` +
      `<a href="${escapeHtml(privacy)}">${escapeHtml(labels.privacy)}</a></p>`,
  );
  const sentBy = labels.sentBy.replace('{{clientName}}', brand.name);
  text.push(sentBy);
  html.push(`<p style="margin-top:12px;">${escapeHtml(sentBy)}</p>`);
  return { text, html: html.join('\n') };
}

function headerHtml(brand: MailBrand, c: TClientColours): string {
  const name = escapeHtml(brand.name);
  if (brand.hasLogo) {
    const { width, height } = MAIL_LOGO_BOX;
    return (
      `<img src="cid:${MAIL_LOGO_CID}" alt="${name}" width="${width / 2}" height="${height / 2}" ` +
      `style="display:block;border:0;outline:none;width:${width / 2}px;height:${height / 2}px;max-width:100%;">`
    );
  }
  return `<div style="font-size:22px;line-height:1.3;font-weight:700;color:${colour(c.headline, '#1a2b3c')};">${name}</div>`;
}

/**
 * The first words of the text, for the line mail clients show under the subject. Without links: a one-time link
 * stands only where the template put it (secret-restore.ts), never in a hidden preheader.
 */
const previewOf = (text: string) =>
  text
    .replace(/\S*:\/\/\S*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 140);

/** A mail body's HTML fragment (from the template) and its text, in the client's frame. */
export async function layoutMail(
  body: { subject: string; text: string; html: string },
  brand: MailBrand,
  locale: TLocale,
): Promise<{ text: string; html: string }> {
  const frame = await compiledMailLayout();
  const c = brand.colours;
  const footer = footerLines(brand, locale);
  const colours: Record<keyof typeof SENTINEL, string> = {
    background: pageColour(c),
    headline: colour(c.headline, '#1a2b3c'),
    text: colour(c.text, '#1f2933'),
    text2: colour(c.text2, '#52606d'),
    primary: colour(c.primaryButton, '#1c5d99'),
  };
  const slots: Record<Slot, string> = {
    LANG: locale.slice(0, 2),
    TITLE: escapeHtml(body.subject),
    PREVIEW: escapeHtml(previewOf(body.text)),
    HEADER: headerHtml(brand, c),
    BODY: body.html,
    FOOTER: footer.html,
  };
  let html = frame;
  for (const [key, value] of Object.entries(colours))
    html = html.split(SENTINEL[key as keyof typeof SENTINEL]).join(value);
  // One pass over the slots: a value (the body) that happens to hold a slot's name is not filled again.
  html = html.replace(/%%LMS_(LANG|TITLE|PREVIEW|HEADER|BODY|FOOTER)%%/g, (_m, name: Slot) => slots[name]);
  const text = `${body.text.trimEnd()}\n\n-- \n${footer.text.join('\n')}\n`;
  return { text, html };
}

const MINIMAL_DOCUMENT =
  /^<!doctype html>\n<html lang="[A-Za-z-]+"><head><meta charset="utf-8"><\/head><body>\n([\s\S]*)\n<\/body><\/html>$/;

/**
 * The body fragment of a stored mail HTML: the template's fragment inside the minimal document wrapHtmlDocument
 * made. Null for a full document an author uploaded: that one is their whole design and is sent as it is.
 */
export function bodyFragmentOf(html: string): string | null {
  if (!/<html[\s>]/i.test(html)) return html;
  return MINIMAL_DOCUMENT.exec(html)?.[1] ?? null;
}
