/** Integer cents as the reader's currency text (119,00 € in de-DE, €119.00 in en-US). */
export const formatCents = (cents: number, currency: string, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
