// SCORM time values in centiseconds, the precision both versions share. 1.2 CMITimespan is HHHH:MM:SS.SS; 2004
// timeinterval is an ISO 8601 duration (RTE 4.1.1.7), where ADL counts a year as 365 days and a month as 30.

const SCORM12_TIMESPAN = /^(\d{2,4}):([0-5]\d):([0-5]\d)(?:\.(\d{1,2}))?$/;
const ISO_DURATION =
  /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

const CS = { s: 100, m: 6_000, h: 360_000, d: 8_640_000 };

export function parseScorm12Timespan(value: string): number | undefined {
  const m = SCORM12_TIMESPAN.exec(value);
  if (!m) return undefined;
  const fraction = m[4] ? Number(m[4].padEnd(2, '0')) : 0;
  return Number(m[1]) * CS.h + Number(m[2]) * CS.m + Number(m[3]) * CS.s + fraction;
}

export function parseIsoDuration(value: string): number | undefined {
  const m = ISO_DURATION.exec(value);
  // "P" and "PT" alone carry no component and are not valid durations.
  if (!m || value === 'P' || value.endsWith('T')) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  const days = n(1) * 365 + n(2) * 30 + n(3);
  return Math.round(days * CS.d + n(4) * CS.h + n(5) * CS.m + n(6) * CS.s);
}

export function formatScorm12Timespan(cs: number): string {
  const hours = Math.min(9999, Math.floor(cs / CS.h));
  const minutes = Math.floor((cs % CS.h) / CS.m);
  const seconds = Math.floor((cs % CS.m) / CS.s);
  const pad = (v: number, len = 2) => String(v).padStart(len, '0');
  return `${pad(hours, 4)}:${pad(minutes)}:${pad(seconds)}.${pad(cs % CS.s)}`;
}

export function formatIsoDuration(cs: number): string {
  const hours = Math.floor(cs / CS.h);
  const minutes = Math.floor((cs % CS.h) / CS.m);
  const seconds = (cs % CS.m) / CS.s;
  return `PT${hours}H${minutes}M${Number(seconds.toFixed(2))}S`;
}
