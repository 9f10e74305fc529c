import { ZRemindAllResult, ZRemindResult } from '@lms/contracts/reminders';
import { apiPost } from '../../../lib/api-client';

// Manual reminders of a training's participants (DECISIONS "manual reminder"); refusals are API errors with their
// reminder_* code, shown with their translated text.

export const remindParticipant = (trainingId: string, userId: string) =>
  apiPost(`/course-training/${trainingId}/participants/${userId}/remind`, {}, ZRemindResult);

export const remindAllOpen = (trainingId: string) =>
  apiPost(`/course-training/${trainingId}/remind`, {}, ZRemindAllResult);
