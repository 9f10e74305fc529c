import type { DbOrTrx } from '../../db/database';

/** The seller an invoice names (premium feature): the client's name, address and support address. */
export interface InvoiceIssuer {
  name: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  supportEmail: string;
  invoiceClientId: string;
}

export async function findInvoiceIssuer(db: DbOrTrx, clientId: string): Promise<InvoiceIssuer | undefined> {
  const row = await db
    .selectFrom('clients')
    .select([
      'name',
      'address_street',
      'address_house_number',
      'address_zip',
      'address_city',
      'support_email',
      'invoice_client_id',
    ])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: row.name,
    street: row.address_street ?? '',
    houseNumber: row.address_house_number ?? '',
    zip: row.address_zip ?? '',
    city: row.address_city ?? '',
    supportEmail: row.support_email ?? '',
    invoiceClientId: row.invoice_client_id ?? '',
  };
}
