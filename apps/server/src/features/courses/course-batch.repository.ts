import type { DbOrTrx } from '../../db/database';
import type { CourseRow } from './course.repository';

/** Many courses of a client in one query, for lists that show a course per row (the learner's dashboard). */
export const findCoursesByIds = (db: DbOrTrx, clientId: string, ids: readonly string[]): Promise<CourseRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('courses').selectAll().where('client_id', '=', clientId).where('id', 'in', ids).execute();
