import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common';

/**
 * Issue 30 point 4: GDPR requests. An export ("my data", Art. 15 and 20) is made by a background job into one zip
 * in storage; the person (or an admin of their client) downloads it with their session while it lasts. An erasure
 * (Art. 17) anonymises the person and keeps the aggregate figures.
 */
export const GDPR_EXPORT_STATUSES = ['queued', 'ready', 'failed', 'expired'] as const;
export type TGdprExportStatus = (typeof GDPR_EXPORT_STATUSES)[number];

/** Days a finished export stays in storage before the retention clean-up removes it. */
export const GDPR_EXPORT_KEEP_DAYS = 7;

export const ZGdprExport = z.object({
  id: ZId,
  userId: ZId,
  jobId: ZId,
  status: z.enum(GDPR_EXPORT_STATUSES),
  size: z.number().int().nullable(),
  createdAt: ZIsoDateTime,
  readyAt: ZIsoDateTime.nullable(),
  expiresAt: ZIsoDateTime.nullable(),
});
export type TGdprExport = z.infer<typeof ZGdprExport>;

/** The latest exports, newest first (a few at most: one a day is all anyone needs). */
export const ZGdprExportList = z.object({ items: z.array(ZGdprExport) });
export type TGdprExportList = z.infer<typeof ZGdprExportList>;

/** The web asks for the person's name to be typed; the API asks for this explicit flag. */
export const ZGdprEraseBody = z.object({ confirm: z.literal(true) });
export type TGdprEraseBody = z.infer<typeof ZGdprEraseBody>;

export const ZGdprErasure = z.object({
  userId: ZId,
  erasedAt: ZIsoDateTime,
  /** Certificates kept for the client's legal period (certificateKeepYears), deleted by the retention job after. */
  certificatesKept: z.number().int(),
  certificatesDeleted: z.number().int(),
  certificatesUntil: ZIsoDateTime.nullable(),
});
export type TGdprErasure = z.infer<typeof ZGdprErasure>;
