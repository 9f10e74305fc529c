import { z } from 'zod';
import { ZErrorCode } from './errors';

// Manual reminders (issue "Trainings and the learner journey", point 4): POST
// /course-training/{id}/participants/{userId}/remind and POST /course-training/{id}/remind. Both have no body.

export const ZRemindBody = z.object({}).nullish();

/** The reminder sent to one participant. */
export const ZRemindResult = z.object({ userId: z.string(), sentAt: z.string() });
export type TRemindResult = z.infer<typeof ZRemindResult>;

/**
 * "Remind all open": how many open participants were sent a reminder and, by the code a single reminder would have
 * been refused with (reminder_too_soon, mail_send_failed), how many were skipped. Completed and optional
 * participants are not open and are counted in neither.
 */
export const ZRemindAllResult = z.object({
  sent: z.number().int(),
  skipped: z.partialRecord(ZErrorCode, z.number().int()),
});
export type TRemindAllResult = z.infer<typeof ZRemindAllResult>;
