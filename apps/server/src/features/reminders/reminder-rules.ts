import type { TErrorCode } from '@lms/contracts/errors';
import type { TCourse } from '@lms/contracts/courses';

// The rules of DECISIONS "manual reminder" and "automatic reminders", in one place for both.

const DAY_MS = 86_400_000;

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The training's own dates, else the course's. */
export const effectiveDates = (
  training: { start_date: string | null; deadline: string | null },
  course: Pick<TCourse, 'startDate' | 'deadline'>,
) => ({ startDate: training.start_date ?? course.startDate, deadline: training.deadline ?? course.deadline });

/**
 * Why no reminder of this training may go out on `day`, or null. The reminder template is the course's own: a
 * course that names none sends no reminders (spec section 4 "reminders are disabled if the course has no
 * template"), unlike the invitation, whose null means the client's standard template.
 */
export function trainingRefusal(
  course: Pick<TCourse, 'active' | 'startDate' | 'deadline'>,
  training: { start_date: string | null; deadline: string | null },
  hasTemplate: boolean,
  day: string,
): TErrorCode | null {
  if (!course.active) return 'reminder_course_inactive';
  const { startDate, deadline } = effectiveDates(training, course);
  if ((startDate && day < startDate) || (deadline && day > deadline)) return 'reminder_course_outside_dates';
  if (!hasTemplate) return 'reminder_no_template';
  return null;
}

/** Why this participant gets no reminder, or null (DECISIONS "training status per user": OPTIONAL gets none). */
export function participantRefusal(status: string): TErrorCode | null {
  if (status === 'COMPLETED') return 'reminder_user_completed';
  if (status === 'OPTIONAL') return 'reminder_user_optional';
  return null;
}

/**
 * DECISIONS "automatic reminders": between `from` (without one, the course's start date) and `until`, every
 * `intervalDays` days counted from `from`: from, from + interval, from + 2 * interval, ...
 */
export function isReminderDay(course: Pick<TCourse, 'reminder' | 'startDate'>, day: string): boolean {
  const { active, until, intervalDays } = course.reminder;
  const from = course.reminder.from ?? course.startDate;
  if (!active || !intervalDays || !from || day < from || (until && day > until)) return false;
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
  return days % intervalDays === 0;
}
