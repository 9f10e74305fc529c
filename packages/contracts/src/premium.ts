import { z } from 'zod';
import { pageOf, ZId, ZIsoDateTime, ZPageQuery } from './common';

// Spec sections 2-4 and DECISIONS "premium": a per-user subscription, monthly or yearly, prices per client in
// integer cents (ARCHITECTURE section 9), paid with PayPal (Orders v2) or by prepayment against an invoice.

export const PREMIUM_PLANS = ['monthly', 'yearly'] as const;
export type TPremiumPlan = (typeof PREMIUM_PLANS)[number];
export const PAYMENT_METHODS = ['paypal', 'prepayment'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Spec section 4 "Purchase": pending until paid (PayPal's capture or an admin's check of the prepayment). */
export const PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type TPurchaseStatus = (typeof PURCHASE_STATUSES)[number];

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');

/** Spec section 3 "Premium billing address". A company customer names the company; the VAT id stays optional. */
export const ZBillingAddress = z
  .object({
    customerKind: z.enum(['private', 'company']),
    name: text(200),
    street: text(200),
    number: text(20),
    zip: text(20),
    place: text(100),
    /** ISO 3166-1 alpha-2. */
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code')
      .transform((c) => c.toUpperCase()),
    company: optionalText(200),
    vatId: optionalText(30),
  })
  .refine((a) => a.customerKind === 'private' || a.company.length > 0, {
    path: ['company'],
    message: 'a company customer names the company',
  });
export type TBillingAddress = z.output<typeof ZBillingAddress>;
export type TBillingAddressInput = z.input<typeof ZBillingAddress>;

export const ZPlanPrice = z.object({
  plan: z.enum(PREMIUM_PLANS),
  /** What the customer pays, VAT included. */
  grossCents: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  /** Months of premium the plan buys. */
  months: z.number().int(),
});
export type TPlanPrice = z.infer<typeof ZPlanPrice>;

export const ZPremiumStatus = z.object({
  active: z.boolean(),
  activeUntil: ZIsoDateTime.nullable(),
  /** A purchase still waiting for its payment (the page polls it). */
  pendingPurchaseId: ZId.nullable(),
});
export type TPremiumStatus = z.infer<typeof ZPremiumStatus>;

/** GET /api/premium/offer: step 1 and the form of step 2. `available` false: the client sells no premium. */
export const ZPremiumOffer = z.object({
  available: z.boolean(),
  currency: z.string(),
  vatRatePercent: z.number(),
  plans: z.array(ZPlanPrice),
  /** Spec section 9: the yearly plan against twelve monthly ones, as a whole percentage. */
  yearlyDiscountPercent: z.number().int(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  status: ZPremiumStatus,
  billingAddress: ZBillingAddress.nullable(),
});
export type TPremiumOffer = z.infer<typeof ZPremiumOffer>;

export const ZCreatePurchaseBody = z.object({
  plan: z.enum(PREMIUM_PLANS),
  method: z.enum(PAYMENT_METHODS),
  billingAddress: ZBillingAddress,
});
export type TCreatePurchaseBody = z.input<typeof ZCreatePurchaseBody>;

export const ZPurchase = z.object({
  id: ZId,
  plan: z.enum(PREMIUM_PLANS),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PURCHASE_STATUSES),
  grossCents: z.number().int(),
  currency: z.string(),
  createdAt: ZIsoDateTime,
  paidAt: ZIsoDateTime.nullable(),
  premiumUntil: ZIsoDateTime.nullable(),
  invoiceId: ZId.nullable(),
  /** PayPal: where the payer approves the order (opened in a popup). */
  approveUrl: z.string().nullable(),
});
export type TPurchase = z.infer<typeof ZPurchase>;

export const ZInvoice = z.object({
  id: ZId,
  number: z.string(),
  issuedAt: ZIsoDateTime,
  purchaseId: ZId,
  plan: z.enum(PREMIUM_PLANS),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PURCHASE_STATUSES),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  currency: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceQuery = ZPageQuery.pick({ page: true, pageSize: true });
export const ZInvoicePage = pageOf(ZInvoice);
export type TInvoicePage = z.infer<typeof ZInvoicePage>;

const ZCents = z.number().int().min(0).max(100_000_000);

/** A client's premium settings (spec section 3 "client prices and invoice data"), edited in the client's settings. */
export const ZPremiumSettings = z.object({
  enabled: z.boolean(),
  monthlyCents: ZCents,
  yearlyCents: ZCents,
  currency: z.enum(['EUR', 'CHF', 'USD', 'GBP']),
  /** VAT in basis points of a percent: 1900 is 19 %. */
  vatRateBasisPoints: z.number().int().min(0).max(10_000),
  /** Shown on the prepayment invoice. */
  bankAccountHolder: z.string().trim().max(200),
  iban: z.string().trim().max(40),
  bic: z.string().trim().max(20),
  bankName: z.string().trim().max(200),
  sellerVatId: z.string().trim().max(30),
});
export type TPremiumSettings = z.infer<typeof ZPremiumSettings>;
export const ZPremiumSettingsQuery = z.object({ clientId: ZId });
export const ZSavePremiumSettingsBody = ZPremiumSettings.extend({ clientId: ZId }).refine(
  (s) => !s.enabled || (s.monthlyCents > 0 && s.yearlyCents > 0),
  { path: ['monthlyCents'], message: 'an enabled offer has prices' },
);

/** The admin's list of a client's purchases (prepayments to check). */
export const ZAdminPurchase = ZPurchase.extend({
  userId: ZId,
  userName: z.string(),
  invoiceNumber: z.string().nullable(),
});
export type TAdminPurchase = z.infer<typeof ZAdminPurchase>;
export const ZAdminPurchaseQuery = ZPageQuery.pick({ page: true, pageSize: true }).extend({
  clientId: ZId,
  status: z.enum(PURCHASE_STATUSES).optional(),
});
export type TAdminPurchaseQuery = z.input<typeof ZAdminPurchaseQuery>;
export const ZAdminPurchasePage = pageOf(ZAdminPurchase);
export type TAdminPurchasePage = z.infer<typeof ZAdminPurchasePage>;

export const ZPremiumCourse = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  /** The course's cover picture (issue 32 point 3); null: its generated pattern. */
  coverUrl: z.string().nullable(),
  /** The user's training of it once started. */
  trainingId: ZId.nullable(),
});
export type TPremiumCourse = z.infer<typeof ZPremiumCourse>;
export const ZPremiumCatalogue = z.object({
  premium: z.boolean(),
  courses: z.array(ZPremiumCourse),
});
export type TPremiumCatalogue = z.infer<typeof ZPremiumCatalogue>;
export const ZStartedPremiumCourse = z.object({ trainingId: ZId });

/** The discount of the yearly plan against twelve monthly ones, rounded to whole percent (never negative). */
export function yearlyDiscountPercent(monthlyCents: number, yearlyCents: number): number {
  if (monthlyCents <= 0) return 0;
  return Math.max(0, Math.round((1 - yearlyCents / (12 * monthlyCents)) * 100));
}

/** Net and VAT of a gross price in cents; VAT is what is left, so net + VAT is always the gross exactly. */
export function splitGross(grossCents: number, vatRateBasisPoints: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 10_000) / (10_000 + vatRateBasisPoints));
  return { netCents, vatCents: grossCents - netCents };
}
