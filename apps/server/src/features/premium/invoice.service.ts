import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TBillingAddress, TInvoicePage } from '@lms/contracts/premium';
import type { Readable } from 'node:stream';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { openFromStorage, storageKey, writeToStorage } from '../../platform/storage';
import { findInvoiceIssuer } from '../clients';
import { renderInvoicePdf, type InvoiceSnapshot } from './invoice-pdf';
import { INVOICE_TEXTS } from './invoice-texts';
import {
  findInvoice,
  insertInvoice,
  pageInvoicesOfUser,
  takeInvoiceSeq,
  type InvoiceRow,
  type PurchaseRow,
} from './premium.repository';
import { discountOf, loadSettings } from './premium-settings.service';

/** Invoice numbers per client: a running number, six digits, e.g. RE-000042 (with the client's invoice id first). */
const invoiceNumber = (prefix: string, seq: number) =>
  `${prefix ? `${prefix}-` : ''}RE-${String(seq).padStart(6, '0')}`;

export const asLocale = (value: string): TLocale =>
  (LOCALES as readonly string[]).includes(value) ? (value as TLocale) : 'de-DE';

/**
 * Issues the invoice of a purchase inside the caller's transaction: the number is taken there (gap-free), the
 * snapshot keeps what the PDF shows. The PDF itself is written after the commit (storeInvoicePdf).
 */
export async function issueInvoice(
  trx: DbOrTrx,
  purchase: PurchaseRow,
  locale: TLocale,
  issuedAt: string,
): Promise<InvoiceRow> {
  const settings = await loadSettings(trx, purchase.client_id);
  const issuer = (await findInvoiceIssuer(trx, purchase.client_id)) ?? notFound('client');
  const seq = await takeInvoiceSeq(trx, purchase.client_id);
  const id = newId();
  const number = invoiceNumber(issuer.invoiceClientId.replace(/[^A-Za-z0-9]/g, ''), seq);
  const snapshot: InvoiceSnapshot = {
    locale,
    number,
    issuedAt,
    seller: { ...issuer, vatId: settings.sellerVatId },
    buyer: JSON.parse(purchase.billing_address) as TBillingAddress,
    plan: purchase.plan as InvoiceSnapshot['plan'],
    months: purchase.months,
    method: purchase.method as InvoiceSnapshot['method'],
    currency: purchase.currency,
    netCents: purchase.net_cents,
    vatCents: purchase.vat_cents,
    grossCents: purchase.gross_cents,
    vatRateBasisPoints: purchase.vat_rate_bp,
    discountPercent: discountOf(settings),
    bank:
      purchase.method === 'prepayment'
        ? { holder: settings.bankAccountHolder, iban: settings.iban, bic: settings.bic, name: settings.bankName }
        : null,
  };
  const row: InvoiceRow = {
    id,
    client_id: purchase.client_id,
    user_id: purchase.user_id,
    purchase_id: purchase.id,
    seq,
    number,
    snapshot: JSON.stringify(snapshot),
    storage_key: storageKey(purchase.client_id, 'invoices', `${id}.pdf`),
    issued_at: issuedAt,
  };
  await insertInvoice(trx, row);
  return row;
}

/** Writes the invoice's PDF through the storage module (after the transaction that issued it has committed). */
export async function storeInvoicePdf(deps: AppDeps, invoice: InvoiceRow): Promise<void> {
  const pdf = await renderInvoicePdf(JSON.parse(invoice.snapshot) as InvoiceSnapshot);
  await writeToStorage(deps.config, invoice.storage_key, pdf);
}

export async function listMyInvoices(
  deps: AppDeps,
  actor: Actor,
  position: { page: number; pageSize: number },
): Promise<TInvoicePage> {
  const { rows, total } = await pageInvoicesOfUser(deps.db, actor.clientId, actor.userId, position);
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: r.number,
      issuedAt: r.issued_at,
      purchaseId: r.purchase_id,
      plan: r.plan as 'monthly' | 'yearly',
      method: r.method as 'paypal' | 'prepayment',
      status: r.status as 'pending' | 'paid' | 'failed' | 'cancelled',
      netCents: r.net_cents,
      vatCents: r.vat_cents,
      grossCents: r.gross_cents,
      currency: r.currency,
    })),
    total,
    totalCapped: false,
    page: position.page,
    pageSize: position.pageSize,
  };
}

/**
 * GET /api/premium/invoices/{id}/pdf: the owner's invoice. A PDF that is missing (the process stopped between the
 * commit and the write) is made again from the snapshot, which holds everything it shows.
 */
export async function openMyInvoice(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const invoice = (await findInvoice(deps.db, actor.clientId, id)) ?? notFound('invoice');
  if (invoice.user_id !== actor.userId) notFound('invoice');
  let file = await openFromStorage(deps.config, invoice.storage_key);
  if (!file) {
    await storeInvoicePdf(deps, invoice);
    file = (await openFromStorage(deps.config, invoice.storage_key)) ?? notFound('invoice');
  }
  const locale = asLocale((JSON.parse(invoice.snapshot) as InvoiceSnapshot).locale);
  return { ...file, fileName: `${INVOICE_TEXTS[locale].fileName}-${invoice.number}.pdf` };
}
