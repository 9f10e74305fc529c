import {
  CERTIFICATE_DESIGNS,
  CERTIFICATE_ORIENTATIONS,
  CERTIFICATE_SIGNATORY_SLOTS,
  type TCertificateDesign,
  type TCertificateOrientation,
  type TCertificateSignatory,
} from '@lms/contracts/certificates';

// Issue 32 point 2: a template's look as stored in certificate_templates (migration 0035): the design, the
// orientation and the signatories' JSON, read defensively (a damaged value counts as none).

export interface StoredSignatory {
  name: string;
  role: string;
  /** The signature image (a PNG) in storage; null: none uploaded. */
  imageKey: string | null;
}

export interface StoredLook {
  design: TCertificateDesign | null;
  orientation: TCertificateOrientation;
  /** Always CERTIFICATE_SIGNATORY_SLOTS entries, in slot order. */
  signatories: StoredSignatory[];
}

const EMPTY: StoredSignatory = { name: '', role: '', imageKey: null };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function parseSignatories(json: string | null | undefined): StoredSignatory[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? '[]');
  } catch {
    raw = [];
  }
  const list = Array.isArray(raw) ? (raw as unknown[]) : [];
  return Array.from({ length: CERTIFICATE_SIGNATORY_SLOTS }, (_x, i) => {
    const entry = list[i];
    if (!entry || typeof entry !== 'object') return { ...EMPTY };
    const e = entry as Record<string, unknown>;
    return { name: text(e.name), role: text(e.role), imageKey: typeof e.imageKey === 'string' ? e.imageKey : null };
  });
}

export const lookOf = (row: { design: string | null; orientation: string; signatories: string }): StoredLook => ({
  design: (CERTIFICATE_DESIGNS as readonly string[]).includes(row.design ?? '')
    ? (row.design as TCertificateDesign)
    : null,
  orientation: row.orientation === 'landscape' ? 'landscape' : CERTIFICATE_ORIENTATIONS[0],
  signatories: parseSignatories(row.signatories),
});

export const presentSignatories = (list: StoredSignatory[]): TCertificateSignatory[] =>
  list.map((s) => ({ name: s.name, role: s.role, hasSignature: s.imageKey !== null }));
