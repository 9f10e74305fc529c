import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common';

/** ARCHITECTURE section 7: one job table drives all background work; a job reports progress and a result. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
export const ZJobStatus = z.enum(JOB_STATUSES);

/** A job that ended: the progress component stops polling once it sees one of these. */
export const FINISHED_JOB_STATUSES: readonly TJobStatus[] = ['succeeded', 'failed', 'cancelled'];

export const ZJobProgress = z.object({
  total: z.number().int(),
  done: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type TJobProgress = z.infer<typeof ZJobProgress>;

export const ZJob = z.object({
  id: ZId,
  kind: z.string(),
  status: ZJobStatus,
  progress: ZJobProgress,
  // Any JSON, null included (unknown admits null; `.nullable()` made the document say "anything, or null").
  result: z.unknown(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: ZIsoDateTime,
  startedAt: ZIsoDateTime.nullable(),
  finishedAt: ZIsoDateTime.nullable(),
  updatedAt: ZIsoDateTime,
});
export type TJob = z.infer<typeof ZJob>;
