import { HOME_FIGURES, type THomeFigure, type THomeFigures, type THomeFiguresQuery } from '@lms/contracts/home';
import { can } from '@lms/contracts/permissions';
import { countCourses } from '../courses';
import { countFailedMailsLastDay } from '../mail';
import { countOpenTrainings, countOverdueParticipants } from '../trainings';
import { countActiveUsers, resolveUserScope } from '../users';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';

/**
 * `GET /api/home/figures` (issue 12): the staff home's figures, each as the role may see it (PERMISSIONS.md): the
 * courses for whoever lists courses, users and trainings in the coordination scope (a coordinator's groups), the
 * failed mails for whoever reads the mail queue. A figure the role may not see is null, never a client-wide number.
 */
export async function getHomeFigures(
  deps: AppDeps,
  actor: Actor,
  query: THomeFiguresQuery,
  now = new Date(),
): Promise<THomeFigures> {
  const asked = new Set<THomeFigure>(query.figures ? (query.figures.split(',') as THomeFigure[]) : [...HOME_FIGURES]);
  const today = now.toISOString().slice(0, 10);
  const coordination = can(actor.role, 'coordination.manage');
  const scope = coordination ? await resolveUserScope(deps, actor) : null;
  const want = (figure: THomeFigure, allowed: boolean) => asked.has(figure) && allowed;
  return {
    courses: want('courses', can(actor.role, 'courses.list')) ? await countCourses(deps.db, actor.clientId) : null,
    activeUsers: scope && want('activeUsers', true) ? await countActiveUsers(deps.db, scope, today) : null,
    openTrainings: scope && want('openTrainings', true) ? await countOpenTrainings(deps.db, scope, today) : null,
    overdueParticipants:
      scope && want('overdueParticipants', true) ? await countOverdueParticipants(deps.db, scope, today) : null,
    failedMails24h: want('failedMails24h', can(actor.role, 'content.manage'))
      ? await countFailedMailsLastDay(deps.db, actor.clientId, now)
      : null,
  };
}
