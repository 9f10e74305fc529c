// The calendar of the weekly digest (issue 31 point 4), in UTC as every due time of the scheduler.

const DAY_MS = 86_400_000;

/** The start (00:00 UTC) of the day `at` falls on. */
export const startOfUtcDay = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

/** ISO 8601 weekday: 1 Monday ... 7 Sunday. */
export const isoWeekday = (at: Date): number => ((at.getUTCDay() + 6) % 7) + 1;

/** ISO 8601 week of the day, e.g. 2027-W03: weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(at: Date): string {
  const thursday = addDays(startOfUtcDay(at), 4 - isoWeekday(at));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
