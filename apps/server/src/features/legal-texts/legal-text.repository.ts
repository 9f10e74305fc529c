import type { TLegalTextKind } from '@lms/contracts/legal-texts';
import type { DbOrTrx } from '../../db/database';

// The imprint and privacy policy live in the clients table's imprint_* and privacy_policy_* columns; an uploaded
// PDF in client_legal_pdfs. Every query names its client.

const COLUMNS = {
  imprint: { type: 'imprint_type', value: 'imprint_value' },
  'privacy-policy': { type: 'privacy_policy_type', value: 'privacy_policy_value' },
} as const;

export interface LegalTextRow {
  clientId: string;
  resellerClientId: string | null;
  type: string | null;
  value: string | null;
}

export async function findLegalText(
  db: DbOrTrx,
  clientId: string,
  kind: TLegalTextKind,
): Promise<LegalTextRow | undefined> {
  const c = COLUMNS[kind];
  const row = await db
    .selectFrom('clients')
    .select(['id', 'reseller_client_id', `${c.type} as type`, `${c.value} as value`])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row && { clientId: row.id, resellerClientId: row.reseller_client_id, type: row.type, value: row.value };
}

export async function updateLegalText(
  db: DbOrTrx,
  clientId: string,
  kind: TLegalTextKind,
  type: string | null,
  value: string | null,
  now: string,
): Promise<void> {
  const c = COLUMNS[kind];
  await db
    .updateTable('clients')
    .set({ [c.type]: type, [c.value]: value, updated_at: now })
    .where('id', '=', clientId)
    .execute();
}

export const findLegalPdf = (db: DbOrTrx, clientId: string, kind: TLegalTextKind) =>
  db
    .selectFrom('client_legal_pdfs')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('kind', '=', kind)
    .executeTakeFirst();

export const findLegalPdfs = (db: DbOrTrx, clientId: string) =>
  db.selectFrom('client_legal_pdfs').selectAll().where('client_id', '=', clientId).execute();

export async function upsertLegalPdf(
  db: DbOrTrx,
  row: {
    client_id: string;
    kind: TLegalTextKind;
    storage_key: string;
    file_name: string;
    size: number;
    uploaded_at: string;
  },
): Promise<void> {
  await db
    .insertInto('client_legal_pdfs')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['client_id', 'kind']).doUpdateSet({
        storage_key: row.storage_key,
        file_name: row.file_name,
        size: row.size,
        uploaded_at: row.uploaded_at,
      }),
    )
    .execute();
}
