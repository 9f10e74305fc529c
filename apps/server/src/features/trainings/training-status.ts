import type { TModuleStatus } from '@lms/contracts/scorm-runtime';
import type { TTrainingStatus } from '@lms/contracts/trainings';

// The rules of DECISIONS "Courses, trainings, status", as plain functions of a course's modules and one user's
// module statuses.

export interface ModuleRule {
  id: string;
  order: number;
  required: boolean;
}

export interface ModuleState {
  id: string;
  status: TModuleStatus;
  /** Counts toward completion (DECISIONS "required modules": none listed means all are required). */
  required: boolean;
  locked: boolean;
  /** The first required module of lower order that is not completed. */
  unlockedBy: string | null;
}

const byOrder = (a: ModuleRule, b: ModuleRule) => a.order - b.order || a.id.localeCompare(b.id);

/**
 * Each module's status, whether it counts, and whether it is locked (DECISIONS "module locking": sorted by order,
 * a module is locked while any required module with a lower order is not completed).
 */
export function moduleStates(
  modules: readonly ModuleRule[],
  statuses: ReadonlyMap<string, TModuleStatus>,
): ModuleState[] {
  const noneListed = !modules.some((m) => m.required);
  const sorted = [...modules].sort(byOrder);
  const states: ModuleState[] = [];
  let blocker: ModuleRule | null = null;
  for (const m of sorted) {
    const status = statuses.get(m.id) ?? 'PENDING';
    const required = noneListed || m.required;
    const earlier = blocker !== null && blocker.order < m.order ? blocker : null;
    states.push({ id: m.id, status, required, locked: earlier !== null, unlockedBy: earlier?.id ?? null });
    if (required && status !== 'COMPLETED' && blocker === null) blocker = m;
  }
  return states;
}

/** Completed required modules of all required ones; a course without modules is never complete. */
export function progressOf(states: readonly ModuleState[]): { completed: number; required: number; done: boolean } {
  const required = states.filter((s) => s.required);
  const completed = required.filter((s) => s.status === 'COMPLETED').length;
  return { completed, required: required.length, done: required.length > 0 && completed === required.length };
}

/** The first module in order that is neither completed nor locked. */
export const nextModuleOf = (states: readonly ModuleState[]): string | null =>
  states.find((s) => !s.locked && s.status !== 'COMPLETED')?.id ?? null;

/**
 * DECISIONS "training status per user": PENDING until a module is started, STARTED, COMPLETED when every required
 * module is. OPTIONAL (marked by a coordinator) shows instead of PENDING and STARTED; a user who completes anyway
 * is COMPLETED, so their completion and certificate are not hidden. EXPIRED (issue 30 point 1, set by the daily job
 * when a validity ended) stays until the person completes the cycle: starting it does not make them valid again.
 */
export function trainingStatusOf(p: {
  started_at: string | null;
  completed_at: string | null;
  is_optional: boolean;
  status?: string;
}): TTrainingStatus {
  if (p.completed_at) return 'COMPLETED';
  if (p.is_optional) return 'OPTIONAL';
  if (p.status === 'EXPIRED') return 'EXPIRED';
  return p.started_at ? 'STARTED' : 'PENDING';
}
