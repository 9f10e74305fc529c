import { sql } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db/database';

// Spec section 5: a course cannot be deleted while a training uses it. The trainings table arrives with the
// trainings issue; until then this asks the catalogue whether it exists. When trainings land, replace the body with
// a plain query on their table (and drop the catalogue look-up): this function is the only caller's contract.

async function hasTrainingsTable(db: DbOrTrx, dialect: Dialect): Promise<boolean> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ found: string | null }>`select to_regclass('trainings')::text as found`.execute(db);
    return rows[0]?.found != null;
  }
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from sqlite_master where type = 'table' and name = 'trainings'`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

export async function isCourseUsedByTraining(
  db: DbOrTrx,
  dialect: Dialect,
  clientId: string,
  courseId: string,
): Promise<boolean> {
  if (!(await hasTrainingsTable(db, dialect))) return false;
  const { rows } = await sql<{ id: string }>`
    select id from trainings where client_id = ${clientId} and course_id = ${courseId} limit 1`.execute(db);
  return rows.length > 0;
}
