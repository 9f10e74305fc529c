/** A YYYY-MM-DD date as the reader's language writes it (no time zone shift: it is a calendar date). */
export function formatDate(date: string | null | undefined, locale: string): string {
  if (!date) return '';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** Date and time as the reader's language writes them; an empty cell for none. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The day of a timestamp (a creation time, say) as the reader's language writes it. */
export function formatDay(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** A duration in minutes as the reader's language abbreviates it ("45 Min.", "45 min"). */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
}

/** Today's calendar date on this device as YYYY-MM-DD, to compare with dates such as a deadline. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A score of 0 to 100 as the reader's language writes a percentage ("80 %", "80%"); empty for none. */
export function formatPercent(score: number | null | undefined, locale: string): string {
  if (score === null || score === undefined) return '';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(score / 100);
}

/** A time spent as the reader's language abbreviates hours and minutes ("1 Std., 5 Min.", "1 hr, 5 min"). */
export function formatTimeSpent(seconds: number, locale: string): string {
  const minutes = Math.round(seconds / 60);
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (seconds < 60) return unit(seconds, 'second');
  if (minutes < 60) return unit(minutes, 'minute');
  const parts = [unit(Math.floor(minutes / 60), 'hour')];
  if (minutes % 60 > 0) parts.push(unit(minutes % 60, 'minute'));
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
}
