import type { TLocale } from '@lms/contracts/constants';
import type { TTrainingCounts, TTrainingSummary } from '@lms/contracts/trainings';
import type { DbOrTrx } from '../../db/database';
import { courseTitlesOf } from '../courses';
import { findTrainingGroups } from '../groups';
import type { UserScope } from '../users';
import { countParticipants } from './participant-list.repository';
import { trainingGroupPairs, type TrainingListRow } from './training.repository';
import { effectiveValidity, ownValidity } from './training-validity';

const NO_COUNTS: TTrainingCounts = { participants: 0, pending: 0, started: 0, completed: 0, optional: 0, expired: 0 };

/** Rows of the trainings table: course title in the reader's locale, groups, and counts inside the scope. */
export async function presentTrainings(
  db: DbOrTrx,
  scope: UserScope,
  locale: TLocale,
  rows: readonly TrainingListRow[],
): Promise<TTrainingSummary[]> {
  const ids = rows.map((r) => r.id);
  const pairs = await trainingGroupPairs(db, scope.clientId, 'training_id', ids);
  const [titles, groups, counts] = await Promise.all([
    courseTitlesOf(
      db,
      scope.clientId,
      rows.map((r) => r.course_id),
      locale,
    ),
    findTrainingGroups(
      db,
      scope.clientId,
      pairs.map((p) => p.group_id),
    ),
    countParticipants(db, scope, ids),
  ]);
  return rows.map((r) => {
    const own = new Set(pairs.filter((p) => p.training_id === r.id).map((p) => p.group_id));
    const count = counts.get(r.id);
    return {
      id: r.id,
      courseId: r.course_id,
      courseTitle: titles.get(r.course_id) ?? '',
      courseActive: r.is_course_active,
      groups: groups.filter((g) => own.has(g.id)),
      directUserCount: count?.direct ?? 0,
      startDate: r.start_date,
      deadline: r.deadline,
      effectiveStartDate: r.start_date ?? r.course_start_date,
      effectiveDeadline: r.deadline ?? r.course_deadline,
      validity: ownValidity(r),
      effectiveValidity: effectiveValidity(r),
      counts: count?.counts ?? NO_COUNTS,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}
