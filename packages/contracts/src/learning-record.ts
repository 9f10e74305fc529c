import { z } from 'zod';
import { ZRecordFormat } from './exports';
import { ZId } from './common';
import { ZModuleStatus, ZSuccessStatus } from './scorm-runtime';
import { ZTrainingStatus } from './trainings';

/** `?format=pdf|xlsx|csv`; without it the record as JSON. */
export const ZRecordQuery = z.object({ format: ZRecordFormat.optional() });
export const ZRecordParams = z.object({ userId: ZId });

/** A certificate of one cycle: when it was issued and until when it is valid (null: without end). */
export const ZRecordCertificate = z.object({
  id: ZId,
  issuedAt: z.string(),
  validUntil: z.string().nullable(),
  /** valid, or expired (its validity ended). */
  state: z.enum(['valid', 'expired']),
});
export type TRecordCertificate = z.infer<typeof ZRecordCertificate>;

/** One module's result in the current cycle (closed cycles keep the training's result only). */
export const ZRecordModule = z.object({
  moduleId: ZId,
  title: z.string(),
  required: z.boolean(),
  status: ZModuleStatus,
  completedAt: z.string().nullable(),
  score: z.number().nullable(),
  success: ZSuccessStatus,
});

/** A cycle of a training: its dates, result and certificate. */
export const ZRecordCycle = z.object({
  cycle: z.number().int(),
  current: z.boolean(),
  status: ZTrainingStatus,
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  score: z.number().nullable(),
  result: ZSuccessStatus,
  validUntil: z.string().nullable(),
  closedAt: z.string().nullable(),
  certificate: ZRecordCertificate.nullable(),
});
export type TRecordCycle = z.infer<typeof ZRecordCycle>;

export const ZRecordTraining = z.object({
  trainingId: ZId,
  courseTitle: z.string(),
  /** Still assigned; false: a former participation kept as history. */
  assigned: z.boolean(),
  deadline: z.string().nullable(),
  /** The current cycle first, then the closed ones, newest first. */
  cycles: z.array(ZRecordCycle),
  /** The modules of the current cycle, in the course's order. */
  modules: z.array(ZRecordModule),
});
export type TRecordTraining = z.infer<typeof ZRecordTraining>;

/**
 * `GET /api/reports/records/{userId}` and `GET /api/account/learning-record` (issue 31 point 2): every training and
 * cycle of one person, with dates, results and certificates, as handed to an auditor.
 */
export const ZLearningRecord = z.object({
  user: z.object({
    id: ZId,
    name: z.string(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    personnelNumber: z.string().nullable(),
  }),
  clientName: z.string(),
  generatedAt: z.string(),
  trainings: z.array(ZRecordTraining),
});
export type TLearningRecord = z.infer<typeof ZLearningRecord>;
