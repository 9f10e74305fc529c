import type { TModuleStatus, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { TRecordModuleResult } from '@lms/contracts/trainings';
import type { DbOrTrx } from '../../db/database';
import { publish, type DomainEvents } from '../../platform/events';
import { listCourseModules } from '../modules';
import { laterStatus } from '../scorm-runtime';
import { findParticipant, moduleValuesOf, updateParticipants, upsertModuleValue } from './participant.repository';
import { findTrainingById } from './training.repository';
import { findTrainingValidity, validityDates } from './training-validity';
import { trainingResultOf, type ModuleResult } from './training-result';
import { moduleStates, progressOf, trainingStatusOf, type ModuleRule, type ModuleState } from './training-status';

// Where a learner's progress lands: the module value and the training status per user, in the caller's
// transaction. The SCORM runtime (runtime-commit) and the learner's module call both write through here.

/** What a module's progress names: the same fields as the event it publishes, without the transaction. */
export type ModuleProgressInput = Omit<DomainEvents['module.status-committed'], 'trx'>;

/** The course's modules as the locking and completion rules see them. */
export async function moduleRulesOf(db: DbOrTrx, clientId: string, courseId: string): Promise<ModuleRule[]> {
  const modules = await listCourseModules(db, clientId, courseId, 'en-US');
  return modules.map((m) => ({ id: m.id, order: m.order, required: m.required }));
}

/** One participant's module states in a training (status, required, locked). */
export async function participantModuleStates(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userId: string,
  rules: readonly ModuleRule[],
): Promise<ModuleState[]> {
  const values = await moduleValuesOf(db, clientId, trainingId, userId);
  return moduleStates(rules, new Map(values.map((v) => [v.module_id, v.status as TModuleStatus])));
}

/**
 * Records a module status of a participant and rolls it up into their training status. A status never goes back
 * (a revisit does not undo a completion), and a completed training stays completed even if the course later gets
 * another required module: the certificate was issued for what was asked then. Answers null when the user takes
 * no part in the training (their attempt keeps its own data; nothing else changes).
 */
export async function recordModuleProgress(
  trx: DbOrTrx,
  input: ModuleProgressInput,
): Promise<TRecordModuleResult | null> {
  const { clientId, trainingId, userId, moduleId, at } = input;
  const participant = await findParticipant(trx, clientId, trainingId, userId);
  const training = await findTrainingById(trx, clientId, trainingId);
  if (!participant || !training) return null;
  const values = await moduleValuesOf(trx, clientId, trainingId, userId);
  const current = values.find((v) => v.module_id === moduleId);
  const status = laterStatus((current?.status as TModuleStatus | undefined) ?? 'PENDING', input.status);
  // Issue 31 point 1: the runtime's result replaces the module's (a retaken test that passes counts); a call
  // without one (the learner's module call, a PDF) keeps what was reported.
  const success = input.success ?? (current?.success_status as TSuccessStatus | undefined) ?? 'unknown';
  const score = input.score ?? { pct: current?.score_pct ?? null, raw: current?.score_raw ?? null };
  const resultMoved =
    !!current &&
    (current.success_status !== success || current.score_pct !== score.pct || current.score_raw !== score.raw);
  const value = {
    training_id: trainingId,
    user_id: userId,
    module_id: moduleId,
    client_id: clientId,
    status,
    completed_at: current?.completed_at ?? (status === 'COMPLETED' ? at : null),
    score_pct: score.pct,
    score_raw: score.raw,
    success_status: success,
    updated_at: current && current.status === status && !resultMoved ? current.updated_at : at,
  };
  if (!current || current.status !== status || resultMoved) await upsertModuleValue(trx, value);

  const statuses = new Map(values.map((v) => [v.module_id, v.status as TModuleStatus]));
  statuses.set(moduleId, status);
  const results = new Map<string, ModuleResult>(
    values.map((v) => [v.module_id, { success: v.success_status as TSuccessStatus, scorePct: v.score_pct }]),
  );
  results.set(moduleId, { success, scorePct: score.pct });
  const states = moduleStates(await moduleRulesOf(trx, clientId, training.course_id), statuses);
  const progress = progressOf(states);
  const result = trainingResultOf(states, results);
  const startedAt = participant.started_at ?? (status !== 'PENDING' ? at : null);
  const completedAt = participant.completed_at ?? (progress.done ? at : null);
  const next = { ...participant, started_at: startedAt, completed_at: completedAt };
  const trainingStatus = trainingStatusOf(next);
  const changed =
    startedAt !== participant.started_at ||
    completedAt !== participant.completed_at ||
    progress.completed !== participant.completed_modules ||
    result.scorePct !== participant.score_pct ||
    result.result !== participant.result;
  const completesNow = completedAt !== null && participant.completed_at === null;
  if (changed) {
    // Issue 30 point 1: a completion holds for the training's validity; the renewal window opens before its end.
    const validity = completesNow ? await findTrainingValidity(trx, clientId, trainingId) : undefined;
    await updateParticipants(trx, clientId, trainingId, [userId], {
      status: trainingStatus,
      started_at: startedAt,
      completed_at: completedAt,
      completed_modules: progress.completed,
      score_pct: result.scorePct,
      result: result.result,
      updated_at: at,
      ...(validity && completedAt ? validityDates(completedAt, validity) : {}),
    });
  }
  if (completesNow) {
    await onTrainingCompleted(trx, { clientId, trainingId, userId, completedAt });
  }
  return {
    trainingId,
    userId,
    moduleId,
    status,
    completedAt: value.completed_at,
    updatedAt: value.updated_at,
    trainingStatus,
  };
}

/**
 * DECISIONS "certificate": generated when a user's training becomes COMPLETED. Called once per user and training,
 * inside the transaction that completed it; the certificates feature hears it and enqueues the certificate.issue job
 * in that transaction (features/wiring.ts), which makes the PDF and the mail.
 */
export async function onTrainingCompleted(
  trx: DbOrTrx,
  completion: { clientId: string; trainingId: string; userId: string; completedAt: string },
): Promise<void> {
  await publish('training.completed', { trx, ...completion });
}
