// The premium feature's tables (db/migrations 2026-11-25-0024), named in db/database.ts's Database interface.

export interface PremiumSettingsTable {
  client_id: string;
  is_enabled: boolean;
  monthly_cents: number;
  yearly_cents: number;
  currency: string;
  /** VAT in basis points of a percent (1900: 19 %). */
  vat_rate_bp: number;
  bank_account_holder: string;
  iban: string;
  bic: string;
  bank_name: string;
  seller_vat_id: string;
  last_invoice_seq: number;
  updated_at: string;
}

export interface PremiumBillingAddressesTable {
  user_id: string;
  client_id: string;
  /** TBillingAddress as JSON. */
  address: string;
  updated_at: string;
}

export interface PremiumPurchasesTable {
  id: string;
  client_id: string;
  user_id: string;
  plan: string;
  months: number;
  method: string;
  status: string;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  currency: string;
  vat_rate_bp: number;
  locale: string;
  billing_address: string;
  paypal_order_id: string | null;
  approve_url: string | null;
  /** When the status poll last asked PayPal, so a polling page does not ask it on every request. */
  last_checked_at: string | null;
  created_at: string;
  paid_at: string | null;
  premium_from: string | null;
  premium_until: string | null;
}

export interface PremiumInvoicesTable {
  id: string;
  client_id: string;
  user_id: string;
  purchase_id: string;
  seq: number;
  number: string;
  /** InvoiceSnapshot as JSON: everything the PDF shows, as issued. */
  snapshot: string;
  storage_key: string;
  issued_at: string;
}

export interface PaypalWebhookEventsTable {
  event_id: string;
  client_id: string;
  event_type: string;
  received_at: string;
}
