import type { TLocale } from '@lms/contracts/constants';

// The invoice's wording in the three locales of the platform (spec: every user-visible text in de-DE, en-US, fr-FR).

export interface InvoiceTexts {
  title: string;
  number: string;
  date: string;
  billedTo: string;
  vatId: string;
  item: string;
  plan: Record<'monthly' | 'yearly', string>;
  discount: (percent: number) => string;
  net: string;
  vat: (rate: string) => string;
  gross: string;
  paidPaypal: string;
  prepayment: string;
  bankHolder: string;
  iban: string;
  bic: string;
  bank: string;
  reference: string;
  premiumPeriod: (months: number) => string;
  fileName: string;
}

export const INVOICE_TEXTS: Record<TLocale, InvoiceTexts> = {
  'de-DE': {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    billedTo: 'Rechnungsadresse',
    vatId: 'USt-IdNr.',
    item: 'Leistung',
    plan: { monthly: 'Premium-Abo, monatlich', yearly: 'Premium-Abo, jährlich' },
    discount: (p) => `${p} % Rabatt gegenüber zwölf Monatszahlungen`,
    net: 'Nettobetrag',
    vat: (r) => `Umsatzsteuer ${r} %`,
    gross: 'Gesamtbetrag',
    paidPaypal: 'Bezahlt mit PayPal.',
    prepayment:
      'Bitte überweisen Sie den Gesamtbetrag auf folgendes Konto. Premium startet, sobald die Zahlung eingegangen ist.',
    bankHolder: 'Kontoinhaber',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Verwendungszweck',
    premiumPeriod: (m) => (m === 1 ? 'Laufzeit: 1 Monat' : `Laufzeit: ${m} Monate`),
    fileName: 'Rechnung',
  },
  'en-US': {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    billedTo: 'Billing address',
    vatId: 'VAT ID',
    item: 'Item',
    plan: { monthly: 'Premium subscription, monthly', yearly: 'Premium subscription, yearly' },
    discount: (p) => `${p}% discount compared with twelve monthly payments`,
    net: 'Net amount',
    vat: (r) => `VAT ${r}%`,
    gross: 'Total amount',
    paidPaypal: 'Paid with PayPal.',
    prepayment: 'Please transfer the total amount to the account below. Premium starts as soon as the payment arrives.',
    bankHolder: 'Account holder',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Payment reference',
    premiumPeriod: (m) => (m === 1 ? 'Term: 1 month' : `Term: ${m} months`),
    fileName: 'Invoice',
  },
  'fr-FR': {
    title: 'Facture',
    number: 'Numéro de facture',
    date: 'Date de facture',
    billedTo: 'Adresse de facturation',
    vatId: 'N° de TVA',
    item: 'Prestation',
    plan: { monthly: 'Abonnement premium, mensuel', yearly: 'Abonnement premium, annuel' },
    discount: (p) => `${p} % de remise par rapport à douze paiements mensuels`,
    net: 'Montant HT',
    vat: (r) => `TVA ${r} %`,
    gross: 'Montant TTC',
    paidPaypal: 'Payé avec PayPal.',
    prepayment:
      'Veuillez virer le montant total sur le compte ci-dessous. Le premium commence dès réception du paiement.',
    bankHolder: 'Titulaire du compte',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banque',
    reference: 'Référence du virement',
    premiumPeriod: (m) => (m === 1 ? 'Durée : 1 mois' : `Durée : ${m} mois`),
    fileName: 'Facture',
  },
};

export const formatMoney = (cents: number, currency: string, locale: TLocale): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

export const formatRate = (basisPoints: number, locale: TLocale): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(basisPoints / 100);
