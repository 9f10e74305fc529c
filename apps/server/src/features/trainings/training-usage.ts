import type { TLocale } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';
import { courseTitlesOf } from '../courses';
import { findTrainingsByIds, trainingGroupPairs } from './training.repository';

// What the groups feature asks of trainings: how many use a group (a group with trainings is not deleted, spec
// section 5) and which courses a group is trained in (spec section 3 "Group: courses").

export async function countTrainingsOfGroup(db: DbOrTrx, clientId: string, groupId: string): Promise<number> {
  return (await trainingGroupPairs(db, clientId, 'group_id', [groupId])).length;
}

/** Each group's courses (through its trainings), once each, by title in the reader's locale. */
export async function coursesOfTrainingGroups(
  db: DbOrTrx,
  clientId: string,
  groupIds: readonly string[],
  locale: TLocale,
): Promise<Map<string, Array<{ id: string; title: string }>>> {
  const pairs = await trainingGroupPairs(db, clientId, 'group_id', groupIds);
  const trainings = await findTrainingsByIds(
    db,
    clientId,
    pairs.map((p) => p.training_id),
  );
  const courseOf = new Map(trainings.map((t) => [t.id, t.course_id]));
  const titles = await courseTitlesOf(db, clientId, [...new Set(courseOf.values())], locale);
  const out = new Map<string, Array<{ id: string; title: string }>>(groupIds.map((id) => [id, []]));
  for (const groupId of groupIds) {
    const courseIds = new Set(
      pairs.filter((p) => p.group_id === groupId).flatMap((p) => courseOf.get(p.training_id) ?? []),
    );
    out.set(
      groupId,
      [...courseIds].map((id) => ({ id, title: titles.get(id) ?? '' })).sort((a, b) => a.title.localeCompare(b.title)),
    );
  }
  return out;
}
