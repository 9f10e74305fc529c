import type { TLocale } from '@lms/contracts/constants';
import type { TBillingAddress } from '@lms/contracts/premium';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { cachedFontkit, certificateFontBytes } from '../templates';
import type { InvoiceIssuer } from '../clients';
import { formatMoney, formatRate, INVOICE_TEXTS } from './invoice-texts';

// One invoice as an A4 PDF (issue 14): seller, billing address, the plan, net, VAT and gross, and for prepayment the
// bank details. Same embedded Unicode font as the certificates, so names with any Latin letter come out.

/** Everything the PDF shows, kept with the invoice as issued (premium_invoices.snapshot). */
export interface InvoiceSnapshot {
  locale: TLocale;
  number: string;
  issuedAt: string;
  seller: InvoiceIssuer & { vatId: string };
  buyer: TBillingAddress;
  plan: 'monthly' | 'yearly';
  months: number;
  method: 'paypal' | 'prepayment';
  currency: string;
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatRateBasisPoints: number;
  discountPercent: number;
  bank: { holder: string; iban: string; bic: string; name: string } | null;
}

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.35, 0.35, 0.35);
const LEFT = 56;
const RIGHT = A4[0] - 56;

export async function renderInvoicePdf(s: InvoiceSnapshot): Promise<Uint8Array> {
  const t = INVOICE_TEXTS[s.locale];
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachedFontkit);
  const bytes = await certificateFontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(`${t.title} ${s.number}`);
  doc.setAuthor(s.seller.name);
  const page = doc.addPage(A4);
  let y = A4[1] - 64;
  const line = (text: string, opts: { font?: PDFFont; size?: number; x?: number; color?: typeof INK } = {}) => {
    if (text.trim() !== '') write(page, text, opts.x ?? LEFT, y, opts.font ?? regular, opts.size ?? 10, opts.color);
    y -= (opts.size ?? 10) + 5;
  };
  const money = (cents: number) => formatMoney(cents, s.currency, s.locale);

  const seller = s.seller;
  line(seller.name, { font: bold, size: 12 });
  line(`${seller.street} ${seller.houseNumber}`.trim(), { color: MUTED });
  line(`${seller.zip} ${seller.city}`.trim(), { color: MUTED });
  if (seller.vatId) line(`${t.vatId}: ${seller.vatId}`, { color: MUTED });
  y -= 20;

  line(t.billedTo, { font: bold, color: MUTED, size: 9 });
  const b = s.buyer;
  if (b.customerKind === 'company' && b.company) line(b.company);
  line(b.name);
  line(`${b.street} ${b.number}`);
  line(`${b.zip} ${b.place}`);
  line(b.country);
  if (b.vatId) line(`${t.vatId}: ${b.vatId}`);
  y -= 20;

  line(`${t.title} ${s.number}`, { font: bold, size: 18 });
  y -= 4;
  line(`${t.number}: ${s.number}`);
  line(
    `${t.date}: ${new Intl.DateTimeFormat(s.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(s.issuedAt))}`,
  );
  y -= 16;

  // The item table: label left, amount right-aligned.
  const row = (label: string, amount: string, font = regular) => {
    write(page, label, LEFT, y, font, 10);
    write(page, amount, RIGHT - font.widthOfTextAtSize(amount, 10), y, font, 10);
    y -= 16;
  };
  page.drawLine({ start: { x: LEFT, y: y + 12 }, end: { x: RIGHT, y: y + 12 }, thickness: 0.5, color: MUTED });
  row(t.plan[s.plan], money(s.grossCents), bold);
  line(t.premiumPeriod(s.months), { color: MUTED, size: 9 });
  if (s.plan === 'yearly' && s.discountPercent > 0) line(t.discount(s.discountPercent), { color: MUTED, size: 9 });
  y -= 6;
  page.drawLine({ start: { x: LEFT, y: y + 12 }, end: { x: RIGHT, y: y + 12 }, thickness: 0.5, color: MUTED });
  row(t.net, money(s.netCents));
  row(t.vat(formatRate(s.vatRateBasisPoints, s.locale)), money(s.vatCents));
  row(t.gross, money(s.grossCents), bold);
  y -= 20;

  if (s.method === 'paypal') line(t.paidPaypal);
  else if (s.bank) {
    for (const part of wrap(t.prepayment, regular, 10, RIGHT - LEFT)) line(part);
    y -= 4;
    line(`${t.bankHolder}: ${s.bank.holder}`);
    line(`${t.iban}: ${s.bank.iban}`);
    if (s.bank.bic) line(`${t.bic}: ${s.bank.bic}`);
    if (s.bank.name) line(`${t.bank}: ${s.bank.name}`);
    line(`${t.reference}: ${s.number}`, { font: bold });
  }
  return doc.save();
}

function write(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number, color = INK) {
  page.drawText(text, { x, y, font, size, color });
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
