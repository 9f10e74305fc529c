import { z } from 'zod';
import { ZId, ZIsoDateTime, ZLocale, ZPageQuery } from './common';
import { ZValidityState } from './validity';

// Certificate templates and the certificates made from them (spec section 3 "Certificate template", DECISIONS
// "certificate"): a per-locale PDF background, a subtitle and a body with placeholders.

/** DECISIONS "certificate": the only placeholders a certificate text may use. */
export const CERTIFICATE_PLACEHOLDERS = ['name', 'course', 'date', 'duration'] as const;
export type TCertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];
export type TCertificateValues = Record<TCertificatePlaceholder, string>;

/** A background is one PDF page of a sensible size: its first page is used, the rest ignored. */
export const CERTIFICATE_BACKGROUND_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_SUBTITLE_MAX = 300;
export const CERTIFICATE_BODY_MAX = 3_000;
export const CERTIFICATE_TEMPLATE_NAME_MAX = 200;

// Issue 32 point 2: designed certificates. A template names a design and an orientation, and up to two signatories
// (name, role, an uploaded signature image) print above the verification mark; null design: the plain framed page.
export const CERTIFICATE_DESIGNS = ['classic', 'modern', 'minimal'] as const;
export const ZCertificateDesign = z.enum(CERTIFICATE_DESIGNS);
export type TCertificateDesign = z.infer<typeof ZCertificateDesign>;
export const CERTIFICATE_ORIENTATIONS = ['portrait', 'landscape'] as const;
export const ZCertificateOrientation = z.enum(CERTIFICATE_ORIENTATIONS);
export type TCertificateOrientation = z.infer<typeof ZCertificateOrientation>;
/** Signatories a certificate prints; a signature image is uploaded to slot 1 or 2. */
export const CERTIFICATE_SIGNATORY_SLOTS = 2;
export const CERTIFICATE_SIGNATORY_TEXT_MAX = 120;
/** A signature is a PNG or JPEG of at most 1 MB and 3,000 pixels a side (stored as a PNG of at most 600 x 200). */
export const CERTIFICATE_SIGNATURE_MAX_BYTES = 1024 * 1024;
export const CERTIFICATE_SIGNATURE_MAX_PIXELS = 3_000;

export const ZCertificateSignatoryText = z.object({
  name: z.string().trim().max(CERTIFICATE_SIGNATORY_TEXT_MAX),
  role: z.string().trim().max(CERTIFICATE_SIGNATORY_TEXT_MAX),
});
export const ZCertificateSignatory = ZCertificateSignatoryText.extend({
  /** Whether a signature image is stored for this slot. */
  hasSignature: z.boolean(),
});
export type TCertificateSignatory = z.infer<typeof ZCertificateSignatory>;

/** POST /api/certificate-template/{id}/design: the look; the signatures keep their images. */
export const ZCertificateDesignBody = z.object({
  design: ZCertificateDesign.nullable(),
  orientation: ZCertificateOrientation,
  /** Slot order; an empty name leaves a slot out of the certificate. */
  signatories: z.array(ZCertificateSignatoryText).max(CERTIFICATE_SIGNATORY_SLOTS),
});
export type TCertificateDesignBody = z.infer<typeof ZCertificateDesignBody>;

export const ZCertificateSignatureParams = z.object({
  id: ZId,
  slot: z.coerce.number().int().min(1).max(CERTIFICATE_SIGNATORY_SLOTS),
});

export const ZCertificateTemplateContent = z.object({
  /** May be empty: a background that carries its own heading needs none. */
  subtitle: z.string().trim().max(CERTIFICATE_SUBTITLE_MAX),
  body: z.string().trim().min(1).max(CERTIFICATE_BODY_MAX),
});
export type TCertificateTemplateContent = z.infer<typeof ZCertificateTemplateContent>;

export const ZCertificateTemplateLocale = ZCertificateTemplateContent.extend({
  locale: ZLocale,
  /** The uploaded background's file name; null: a plain A4 page. */
  backgroundFileName: z.string().nullable(),
  backgroundSize: z.number().int().nullable(),
});
export type TCertificateTemplateLocale = z.infer<typeof ZCertificateTemplateLocale>;

export const ZCertificateTemplate = z.object({
  id: ZId,
  name: z.string(),
  locales: z.array(ZCertificateTemplateLocale),
  /** Null: the plain framed page of templates made before designs. */
  design: ZCertificateDesign.nullable(),
  orientation: ZCertificateOrientation,
  /** Always CERTIFICATE_SIGNATORY_SLOTS entries, in slot order; an empty name is an unused slot. */
  signatories: z.array(ZCertificateSignatory),
  /** Courses that name this template; while there are any it cannot be deleted. */
  courseCount: z.number().int(),
  updatedAt: ZIsoDateTime,
});
export type TCertificateTemplate = z.infer<typeof ZCertificateTemplate>;

export const ZCertificateTemplateListItem = z.object({
  id: ZId,
  name: z.string(),
  /** In the reader's locale. */
  subtitle: z.string(),
  /** The locales that have a background of their own. */
  backgroundLocales: z.array(ZLocale),
  courseCount: z.number().int(),
  updatedAt: ZIsoDateTime,
});
export type TCertificateTemplateListItem = z.infer<typeof ZCertificateTemplateListItem>;

export const CERTIFICATE_TEMPLATE_SORTS = ['name', 'updatedAt'] as const;
export const ZCertificateTemplateListQuery = ZPageQuery.extend({
  sort: z.enum(CERTIFICATE_TEMPLATE_SORTS).optional(),
});
export type TCertificateTemplateListQuery = z.infer<typeof ZCertificateTemplateListQuery>;

const ZLocaleContents = z.partialRecord(ZLocale, ZCertificateTemplateContent);

export const ZCreateCertificateTemplateBody = z.object({
  name: z.string().trim().min(1).max(CERTIFICATE_TEMPLATE_NAME_MAX),
  /** Locales left out start from the built-in default texts. */
  locales: ZLocaleContents.default({}),
});
export type TCreateCertificateTemplateBody = z.input<typeof ZCreateCertificateTemplateBody>;

export const ZUpdateCertificateTemplateBody = z.object({
  name: z.string().trim().min(1).max(CERTIFICATE_TEMPLATE_NAME_MAX).optional(),
  locales: ZLocaleContents.optional(),
});
export type TUpdateCertificateTemplateBody = z.infer<typeof ZUpdateCertificateTemplateBody>;

export const ZCertificateTemplateLocaleParams = z.object({ id: ZId, locale: ZLocale });

/** Unsaved edits to preview; a field left out uses the saved text. Answered with the PDF itself. */
export const ZCertificatePreviewBody = z
  .object({
    content: ZCertificateTemplateContent.partial().optional(),
    /** An unsaved look; left out, the saved one. */
    design: ZCertificateDesignBody.optional(),
  })
  .nullish();
export type TCertificatePreviewBody = z.infer<typeof ZCertificatePreviewBody>;

/** One of the signed-in user's certificates (GET /api/course-certificate). */
export const ZCourseCertificate = z.object({
  id: ZId,
  trainingId: ZId,
  courseId: ZId,
  /** In the reader's locale (DECISIONS "course texts"). */
  courseTitle: z.string(),
  /** The locale the certificate was written in. */
  locale: ZLocale,
  fileName: z.string(),
  issuedAt: ZIsoDateTime,
  /** Set when a coordinator had the certificate made again: the file changed then, never silently. */
  regeneratedAt: ZIsoDateTime.nullable(),
  /** Issue 30 point 1: the cycle of the training it certifies (1 first; a renewal makes the next one's). */
  cycle: z.number().int(),
  /** Null: valid without end. */
  validUntil: ZIsoDateTime.nullable(),
  /** Null: valid without end. */
  validity: ZValidityState.nullable(),
});
export type TCourseCertificate = z.infer<typeof ZCourseCertificate>;

export const ZCourseCertificateList = z.object({ items: z.array(ZCourseCertificate) });
export type TCourseCertificateList = z.infer<typeof ZCourseCertificateList>;

/** POST /api/course-training/{id}/certificates/regenerate: the job to follow with GET /api/jobs/{id}. */
export const ZCertificateRegeneration = z.object({ jobId: ZId, total: z.number().int() });
export type TCertificateRegeneration = z.infer<typeof ZCertificateRegeneration>;

/** The regeneration job's result: counts, and the first failures (user and reason) for the coordinator. */
export const ZCertificateRegenerationResult = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  failures: z.array(z.object({ userId: ZId, reason: z.string() })),
});
export type TCertificateRegenerationResult = z.infer<typeof ZCertificateRegenerationResult>;

// Issue 30 point 2: certificates anyone can verify. Each certificate's PDF prints a verification code and a QR code
// of the public page /verify/{code} on the client's domain; a withdrawn or replaced code verifies as withdrawn.

/** Crockford's base32 (no I, L, O, U): read aloud and typed without mix-ups. */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 28 characters of 5 bits: 140 random bits, printed in groups of four. */
export const VERIFICATION_CODE_LENGTH = 28;
/** The forms a person may type or a link may carry: any case, with or without the hyphens, at most this long. */
const VERIFICATION_CODE_INPUT_MAX = 64;

/** The stored form of a typed code: upper case, no hyphens or spaces, and Crockford's look-alikes mapped (I, L to 1; O to 0). */
export function normaliseVerificationCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** The printed form: groups of four joined by hyphens. */
export const formatVerificationCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

const CODE_PATTERN = new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`);

export const ZVerificationCodeParams = z.object({
  code: z
    .string()
    .max(VERIFICATION_CODE_INPUT_MAX)
    .transform(normaliseVerificationCode)
    .refine((code) => CODE_PATTERN.test(code), 'not a verification code'),
});

export const CERTIFICATE_VERIFICATION_STATUSES = ['valid', 'expired', 'withdrawn'] as const;
export type TCertificateVerificationStatus = (typeof CERTIFICATE_VERIFICATION_STATUSES)[number];

/** GET /api/certificate-verification/{code}: what the public page shows, and nothing else. */
export const ZCertificateVerification = z.object({
  /** The printed form of the code asked for. */
  code: z.string(),
  status: z.enum(CERTIFICATE_VERIFICATION_STATUSES),
  holderName: z.string(),
  /** In the certificate's own language. */
  courseTitle: z.string(),
  /** When the document that carries this code was issued. */
  issuedAt: ZIsoDateTime,
  /** Null: valid without end (validity, issue 30 point 1, fills it). */
  validUntil: ZIsoDateTime.nullable(),
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;

export const CERTIFICATE_WITHDRAWAL_REASON_MAX = 500;

/** POST /api/course-certificate/{id}/withdraw: why, for the coordinators (the public page shows only "withdrawn"). */
export const ZCertificateWithdrawBody = z.object({
  reason: z.string().trim().min(1).max(CERTIFICATE_WITHDRAWAL_REASON_MAX),
});
export type TCertificateWithdrawBody = z.infer<typeof ZCertificateWithdrawBody>;

/** A certificate's state after a withdrawal or a re-issue. */
export const ZCertificateState = z.object({
  id: ZId,
  /** The printed form of the current code. */
  verificationCode: z.string(),
  withdrawnAt: ZIsoDateTime.nullable(),
  withdrawnReason: z.string().nullable(),
});
export type TCertificateState = z.infer<typeof ZCertificateState>;
