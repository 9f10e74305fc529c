import type { TLegalTextKind, TResolvedLegalText } from '@lms/contracts/legal-texts';
import type { DbOrTrx } from '../../db/database';
import { renderRichText } from '../../platform/rich-text';
import { findRootClientId } from '../clients';
import { findLegalPdf, findLegalText, type LegalTextRow } from './legal-text.repository';

/**
 * How many clients a CSX/RESELLER chain may visit before it gives up: the client, its reseller, the root client,
 * and one more for a reseller that is itself resold. A longer chain is a misconfiguration (or a loop).
 */
export const MAX_LEGAL_TEXT_HOPS = 4;

/** The client whose own text answers, and that text; none when the chain ends without one. */
export interface LegalTextSource {
  row: LegalTextRow;
  type: 'URL' | 'UPLOAD' | 'MARKDOWN' | 'CUSTOM';
}

/**
 * Follows CSX (the root client's text) and RESELLER (the reseller client's text) until a client has a text of its
 * own. A client with no text set has none, but a client reached through CSX or RESELLER that has none (or whose
 * RESELLER points nowhere) falls back to the root client's text, once. The chain never visits a client twice and
 * stops after MAX_LEGAL_TEXT_HOPS, so "RESELLER" on both sides of a reseller relation, or CSX on the root client
 * itself, ends in the root's text or in none, never in a loop.
 */
export async function findLegalTextSource(
  db: DbOrTrx,
  clientId: string,
  kind: TLegalTextKind,
): Promise<LegalTextSource | undefined> {
  const visited = new Set<string>();
  let root: string | null | undefined; // looked up once, only when a chain needs it
  const rootId = async () => (root ??= (await findRootClientId(db)) ?? null);
  let next: string | null = clientId;
  for (let hop = 0; next && hop < MAX_LEGAL_TEXT_HOPS && !visited.has(next); hop++) {
    visited.add(next);
    const row = await findLegalText(db, next, kind);
    if (!row) break;
    if (row.type === 'URL' || row.type === 'UPLOAD' || row.type === 'MARKDOWN' || row.type === 'CUSTOM')
      return { row, type: row.type };
    if (row.type === 'CSX') next = await rootId();
    else if (row.type === 'RESELLER') next = row.resellerClientId ?? (await rootId());
    else if (hop === 0)
      return undefined; // the client itself has set nothing
    else next = await rootId();
  }
  // The chain ran into a loop, its bound or a client without a text: the root's own text, if it has one.
  const last = await rootId();
  if (!last || visited.has(last)) return undefined;
  const row = await findLegalText(db, last, kind);
  if (row?.type === 'URL' || row?.type === 'UPLOAD' || row?.type === 'MARKDOWN' || row?.type === 'CUSTOM')
    return { row, type: row.type };
  return undefined;
}

export const publicPdfUrl = (kind: TLegalTextKind) => `/api/client/${kind}/pdf`;

/** What the public page shows: sanitised HTML, a https link, a PDF to view, or nothing yet. */
export async function resolveLegalText(
  db: DbOrTrx,
  clientId: string,
  kind: TLegalTextKind,
): Promise<TResolvedLegalText> {
  const source = await findLegalTextSource(db, clientId, kind);
  const value = source?.row.value ?? '';
  switch (source?.type) {
    case 'MARKDOWN':
    case 'CUSTOM':
      return { kind, type: 'HTML', html: renderRichText(source.type, value) };
    case 'URL':
      // Checked on save; checked again, so a row written some other way cannot send readers to javascript:.
      return value.startsWith('https://') ? { kind, type: 'URL', url: value } : { kind, type: 'NONE' };
    case 'UPLOAD':
      return (await findLegalPdf(db, source.row.clientId, kind))
        ? { kind, type: 'PDF', pdfUrl: publicPdfUrl(kind) }
        : { kind, type: 'NONE' };
    default:
      return { kind, type: 'NONE' };
  }
}
