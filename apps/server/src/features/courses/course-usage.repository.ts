import type { DbOrTrx } from '../../db/database';

/** Spec section 5: a course cannot be deleted while a training uses it (and its modules stay while it does). */
export async function isCourseUsedByTraining(db: DbOrTrx, clientId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('trainings')
    .select('id')
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
