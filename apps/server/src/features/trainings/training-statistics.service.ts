import {
  TRAINING_STATISTICS_MAX_DAYS,
  type TTrainingCompletionPoint,
  type TTrainingStatistics,
} from '@lms/contracts/trainings';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { resolveUserScope } from '../users';
import { findVisibleTraining } from './training-scope';
import { completionsPerDay, statusDistribution } from './training-statistics.repository';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** The Monday on or before a day (UTC). */
const mondayOf = (day: string) => {
  const ms = msOf(day);
  return dayOf(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
};

/**
 * The completions series from `from` to `to`, every day (or every week from Monday, when the span is longer than
 * TRAINING_STATISTICS_MAX_DAYS) listed, built from the per-day aggregate: at most one entry per day with completions.
 */
export function completionSeries(
  perDay: readonly { day: string; n: number }[],
  from: string,
  to: string,
): Pick<TTrainingStatistics, 'interval' | 'completions'> {
  const span = Math.round((msOf(to) - msOf(from)) / DAY_MS) + 1;
  const interval = span > TRAINING_STATISTICS_MAX_DAYS ? 'week' : 'day';
  const bucketOf = interval === 'week' ? mondayOf : (day: string) => day;
  const step = interval === 'week' ? 7 * DAY_MS : DAY_MS;
  const byBucket = new Map<string, number>();
  for (const { day, n } of perDay) {
    // Outside the span (clocks apart), a completion counts on its nearest end, so the cumulative total stays right.
    const bucket = bucketOf(day < from ? from : day > to ? to : day);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + n);
  }
  const completions: TTrainingCompletionPoint[] = [];
  let cumulative = 0;
  for (let ms = msOf(bucketOf(from)); ms <= msOf(to); ms += step) {
    const date = dayOf(ms);
    const n = byBucket.get(date) ?? 0;
    cumulative += n;
    completions.push({ date, completions: n, cumulative });
  }
  return { interval, completions };
}

/** `GET /api/course-training/{id}/statistics`: the status distribution and the completions over time. */
export async function getTrainingStatistics(deps: AppDeps, actor: Actor, trainingId: string, now = new Date()) {
  const scope = await resolveUserScope(deps, actor);
  await findVisibleTraining(deps.db, scope, trainingId);
  const today = dayOf(now.getTime());
  const { counts, firstStartedAt, firstCompletedAt } = await statusDistribution(deps.db, scope, trainingId);
  const first = [firstStartedAt, firstCompletedAt].filter((v): v is string => v !== null).sort()[0];
  if (!first) return { counts, interval: 'day', from: null, to: today, completions: [] } satisfies TTrainingStatistics;
  const from = first.slice(0, 10) < today ? first.slice(0, 10) : today;
  const perDay = await completionsPerDay(deps.db, scope, trainingId);
  return { counts, from, to: today, ...completionSeries(perDay, from, today) } satisfies TTrainingStatistics;
}
