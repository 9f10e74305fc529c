// Days of the reports (YYYY-MM-DD, UTC): a week starts on Monday (ISO 8601), as the summary's weeks do.

const DAY_MS = 86_400_000;

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week the day lies in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** Whole days from `a` to `b` (b later: positive). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b.slice(0, 10)}T00:00:00.000Z`) - Date.parse(`${a.slice(0, 10)}T00:00:00.000Z`)) / DAY_MS);
