import type { TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { ModuleValueRow } from './participant.repository';
import type { ModuleState } from './training-status';

// Issue 31 point 1: a participant's result in a training, from the results of its required modules (the modules
// that count toward completion, DECISIONS "required modules").
// - score: the mean of the percentages of the required modules that reported a score; null while none has.
// - result: failed as soon as a required module failed; passed when every required module that reported a result
//   (a score or passed/failed: a "scored" module) passed; else unknown (nothing scored yet, or a module reported a
//   score without passed/failed). A PDF module reports nothing and never counts.

export interface ModuleResult {
  success: TSuccessStatus;
  scorePct: number | null;
}

export interface TrainingResult {
  scorePct: number | null;
  result: TSuccessStatus;
}

type ValueResult = Pick<ModuleValueRow, 'completed_at' | 'score_pct' | 'score_raw' | 'success_status'>;

/** A module value's completion and result as the contracts show them (a module without a value: none yet). */
export const presentModuleValue = (v: ValueResult | undefined) => ({
  completedAt: v?.completed_at ?? null,
  success: (v?.success_status ?? 'unknown') as TSuccessStatus,
  score: v?.score_pct ?? null,
  scoreRaw: v?.score_raw ?? null,
});

export function trainingResultOf(
  states: readonly ModuleState[],
  results: ReadonlyMap<string, ModuleResult>,
): TrainingResult {
  const scored = states.flatMap((s) => {
    const r = results.get(s.id);
    return s.required && r && (r.scorePct !== null || r.success !== 'unknown') ? [r] : [];
  });
  const scores = scored.flatMap((r) => (r.scorePct === null ? [] : [r.scorePct]));
  const scorePct =
    scores.length === 0 ? null : Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100;
  let result: TSuccessStatus = 'unknown';
  if (scored.some((r) => r.success === 'failed')) result = 'failed';
  else if (scored.length > 0 && scored.every((r) => r.success === 'passed')) result = 'passed';
  return { scorePct, result };
}
