import type { DbOrTrx } from '../../db/database';

/** The client's courses, active or not (the staff home's figure; index courses_client_created). */
export async function countCourses(db: DbOrTrx, clientId: string): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
