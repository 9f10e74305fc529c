import {
  CERTIFICATE_SIGNATURE_MAX_BYTES,
  CERTIFICATE_SIGNATURE_MAX_PIXELS,
  type TCertificateDesignBody,
} from '@lms/contracts/certificates';
import { CLIENT_LOGO_MAX_BYTES } from '@lms/contracts/constants';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { DbOrTrx } from '../../../db/database';
import type { AppDeps } from '../../../platform/deps';
import { Lru } from '../../../platform/lru';
import { readFromStorage } from '../../../platform/storage';
import { port } from '../../../platform/events';
import type { CertificateLook } from './certificate-designs';
import { lookOf, type StoredLook } from './certificate-signatories';
import { findCertificateTemplate } from './certificate-template.repository';

// Issue 32 point 2: the pictures on a designed certificate. pdf-lib embeds PNG and JPEG only, so a client's logo
// (PNG, JPEG, sanitised SVG or WebP, as uploaded) is drawn to a PNG once per stored file and kept; a signature is
// checked by its bytes (file-type), bounded, and stored as a PNG at a size a certificate needs.

const findClientBrand = port('clients.brand');

export class UnreadableSignatureError extends Error {}

/** A PNG or JPEG of at most CERTIFICATE_SIGNATURE_MAX_PIXELS a side, as a PNG of at most 600 x 200 pixels. */
export async function normaliseSignature(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext !== 'png' && type?.ext !== 'jpg') throw new UnreadableSignatureError(`not png or jpeg: ${type?.ext}`);
  try {
    const image = sharp(bytes, { limitInputPixels: CERTIFICATE_SIGNATURE_MAX_PIXELS ** 2 });
    const meta = await image.metadata();
    const side = Math.max(meta.width, meta.height);
    if (side > CERTIFICATE_SIGNATURE_MAX_PIXELS || side < 1) throw new UnreadableSignatureError('image too large');
    return await image
      .rotate()
      .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (err) {
    if (err instanceof UnreadableSignatureError) throw err;
    throw new UnreadableSignatureError('image cannot be read', { cause: err });
  }
}

const logos = new Lru<string, Promise<Uint8Array | null>>(64);

/** The stored logo as a PNG at most 200 pixels high (about 300 dpi at its size on the page; pdf-lib decodes it for
 * every document, so no larger) (sharp draws an SVG at that size); null when it cannot be read. */
function logoPng(deps: AppDeps, key: string): Promise<Uint8Array | null> {
  let png = logos.get(key);
  if (!png) {
    png = (async () => {
      const bytes = await readFromStorage(deps.config, key, CLIENT_LOGO_MAX_BYTES);
      if (!bytes) return null;
      const out = await sharp(bytes, { density: 300 })
        .resize({ height: 200, width: 600, fit: 'inside' })
        .png()
        .toBuffer();
      return new Uint8Array(out);
    })().catch(() => null);
    logos.set(key, png);
  }
  return png;
}

const signatureBytes = async (deps: AppDeps, key: string | null): Promise<Uint8Array | null> =>
  key ? ((await readFromStorage(deps.config, key, CERTIFICATE_SIGNATURE_MAX_BYTES * 2)) ?? null) : null;

/**
 * What the PDF needs of a template's look: the client's colours and logo, the signatories with their images; null
 * for a template without a design (the plain page). A draft (the preview) replaces the saved design and texts.
 */
export async function loadCertificateLook(
  deps: AppDeps,
  db: DbOrTrx,
  clientId: string,
  saved: StoredLook,
  draft?: TCertificateDesignBody,
): Promise<CertificateLook | null> {
  const design = draft ? draft.design : saved.design;
  if (!design) return null;
  const brand = await findClientBrand(db, clientId);
  const signatories = await Promise.all(
    saved.signatories.map(async (s, i) => {
      const text = draft ? (draft.signatories[i] ?? { name: '', role: '' }) : s;
      return { name: text.name, role: text.role, image: await signatureBytes(deps, s.imageKey) };
    }),
  );
  return {
    design,
    orientation: draft?.orientation ?? saved.orientation,
    colours: {
      primary: brand.colours.primaryButton,
      accent: brand.colours.secondaryButton,
      headline: brand.colours.headline,
      text: brand.colours.text,
      muted: brand.colours.text2,
    },
    logo: brand.logo ? await logoPng(deps, brand.logo.key) : null,
    signatories,
  };
}

/** The saved look of a template, for the certificates made from it (once per course in a job). */
export async function loadTemplateLook(
  deps: AppDeps,
  clientId: string,
  templateId: string,
): Promise<CertificateLook | null> {
  const row = await findCertificateTemplate(deps.db, clientId, templateId);
  return row ? loadCertificateLook(deps, deps.db, clientId, lookOf(row)) : null;
}
