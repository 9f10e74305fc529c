import type { TPremiumCatalogue } from '@lms/contracts/premium';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { activePremiumCourses } from '../courses';
import { ownTrainingsOfCourses, startOwnTraining } from '../trainings';
import { premiumStatusOf } from './premium.service';

/** GET /api/premium/catalogue (DECISIONS "premium"): the client's premium courses, and whether the user may start them. */
export async function getCatalogue(deps: AppDeps, actor: Actor): Promise<TPremiumCatalogue> {
  const status = await premiumStatusOf(deps.db, actor.clientId, actor.userId);
  const courses = await activePremiumCourses(deps.db, actor.clientId, actor.locale);
  const started = await ownTrainingsOfCourses(
    deps,
    actor.clientId,
    actor.userId,
    courses.map((c) => c.id),
  );
  return {
    premium: status.active,
    courses: courses.map((c) => ({ ...c, trainingId: started.get(c.id) ?? null })),
  };
}

/**
 * POST /api/premium/courses/{id}/start: a premium user starts a premium course, which becomes a training of theirs.
 * Another client's course or one that is not an active premium course is 404; without premium 403 premium_required.
 */
export async function startPremiumCourse(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
): Promise<{ trainingId: string }> {
  const [course] = await activePremiumCourses(deps.db, actor.clientId, actor.locale, courseId);
  if (!course) notFound('course');
  const status = await premiumStatusOf(deps.db, actor.clientId, actor.userId);
  if (!status.active) forbidden('premium_required');
  return { trainingId: await startOwnTraining(deps, actor.clientId, actor.userId, courseId) };
}
