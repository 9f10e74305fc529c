import { objectAt, textAt, type Obj } from './cmi-model';

// Issue 31 point 1: a commit's score as the LMS keeps it, a percentage 0 to 100 beside the raw score reported.

export interface Score {
  /** 0 to 100, two decimals; null: the SCO reported no score. */
  pct: number | null;
  raw: number | null;
}

export const NO_SCORE: Score = { pct: null, raw: null };

const numberAt = (obj: Obj, key: string): number | null => {
  const text = textAt(obj, key);
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

const percent = (n: number) => Math.round(Math.min(100, Math.max(0, n)) * 100) / 100;

/** raw within min..max as a percentage; without a usable range the raw score itself when it lies within 0..100. */
function fromRaw(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null) return null;
  if (max !== null && max > (min ?? 0)) return percent(((raw - (min ?? 0)) / (max - (min ?? 0))) * 100);
  return raw >= 0 && raw <= 100 ? percent(raw) : null;
}

/**
 * SCORM 1.2 RTE 3.4.2 cmi.core.score: raw, min and max are each 0 to 100 (checked before). The percentage is raw
 * within min..max when max is given (a package scoring 7 of 10 says raw 7, max 10), else raw.
 */
export function scorm12Score(core: Obj): Score {
  const score = objectAt(core.score);
  const raw = numberAt(score, 'raw');
  return { pct: fromRaw(raw, numberAt(score, 'min'), numberAt(score, 'max')), raw };
}

/**
 * SCORM 2004 RTE 4.2.20 cmi.score: scaled (-1 to 1, checked before) is the SCO's own normalised score and wins; a
 * negative one counts as 0 %. Without it, raw within min..max as in 1.2 (raw, min and max are any real number).
 */
export function scorm2004Score(cmi: Obj): Score {
  const score = objectAt(cmi.score);
  const raw = numberAt(score, 'raw');
  const scaled = numberAt(score, 'scaled');
  if (scaled !== null) return { pct: percent(scaled * 100), raw };
  return { pct: fromRaw(raw, numberAt(score, 'min'), numberAt(score, 'max')), raw };
}

/** A module's score from its items': the mean of those that reported one; the raw score only when one item did. */
export function rollUpScore(items: readonly Score[]): Score {
  const scored = items.filter((s) => s.pct !== null);
  if (scored.length === 0) return NO_SCORE;
  const mean = scored.reduce((sum, s) => sum + (s.pct as number), 0) / scored.length;
  return { pct: percent(mean), raw: scored.length === 1 ? (scored[0] as Score).raw : null };
}
