import type { TLocale } from '@lms/contracts/constants';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx, ModulesTable, ModuleTextsTable } from '../../db/database';

export type ModuleRow = Selectable<ModulesTable>;
export type ModuleTextRow = Selectable<ModuleTextsTable>;

export const listModuleRows = (db: DbOrTrx, clientId: string, courseId: string) =>
  db
    .selectFrom('modules')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** The modules of many courses in one query (the learner's dashboard lists every training's modules). */
export const listModuleRowsOfCourses = (db: DbOrTrx, clientId: string, courseIds: readonly string[]) =>
  courseIds.length === 0
    ? Promise.resolve([] as ModuleRow[])
    : db
        .selectFrom('modules')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('course_id', 'in', courseIds)
        .orderBy('position')
        .orderBy('id')
        .execute();

export const findModuleRow = (db: DbOrTrx, clientId: string, courseId: string, id: string) =>
  db
    .selectFrom('modules')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .where('id', '=', id)
    .executeTakeFirst();

/** By id alone (still within the client): the runtime knows a module, not its course. */
export const findModuleRowById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('modules').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export const findModuleTexts = (db: DbOrTrx, clientId: string, moduleIds: string[]) =>
  moduleIds.length === 0
    ? Promise.resolve([] as ModuleTextRow[])
    : db
        .selectFrom('module_texts')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('module_id', 'in', moduleIds)
        .execute();

export async function nextModulePosition(db: DbOrTrx, clientId: string, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('modules')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 1 : Number(row.max) + 1;
}

export async function insertModuleRow(db: DbOrTrx, row: Insertable<ModulesTable>): Promise<void> {
  await db.insertInto('modules').values(row).execute();
}

export async function updateModuleRow(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<ModulesTable>,
): Promise<void> {
  await db.updateTable('modules').set(fields).where('client_id', '=', clientId).where('id', '=', id).execute();
}

export async function replaceModuleTexts(
  db: DbOrTrx,
  clientId: string,
  moduleId: string,
  texts: Array<{ locale: TLocale; title: string }>,
): Promise<void> {
  await db.deleteFrom('module_texts').where('client_id', '=', clientId).where('module_id', '=', moduleId).execute();
  if (texts.length === 0) return;
  await db
    .insertInto('module_texts')
    .values(texts.map((t) => ({ module_id: moduleId, client_id: clientId, ...t })))
    .execute();
}

export async function deleteModuleRow(db: DbOrTrx, clientId: string, id: string): Promise<void> {
  await db.deleteFrom('modules').where('client_id', '=', clientId).where('id', '=', id).execute();
}

/** Marks exactly `ids` of the course as required; the others lose the flag. */
export async function setRequiredFlags(db: DbOrTrx, clientId: string, courseId: string, ids: string[]): Promise<void> {
  await db
    .updateTable('modules')
    .set({ is_required: false })
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .execute();
  if (ids.length === 0) return;
  await db
    .updateTable('modules')
    .set({ is_required: true })
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .where('id', 'in', ids)
    .execute();
}

export async function setModulePositions(
  db: DbOrTrx,
  clientId: string,
  courseId: string,
  ids: string[],
): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('modules')
      .set({ position: index + 1 })
      .where('client_id', '=', clientId)
      .where('course_id', '=', courseId)
      .where('id', '=', id)
      .execute();
  }
}
