import { LOCALES, type TLocale } from '@lms/contracts/constants';
import {
  pickLocalized,
  type TModule,
  type TModuleBody,
  type TModuleKind,
  type TScormVersion,
} from '@lms/contracts/modules';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { port } from '../../platform/events';
import { badRequest, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { removeFromStorage } from '../../platform/storage';
import { requireFilePart, withUpload, type ReadUpload } from '../../platform/uploads';
import { parsePlayerManifest, pdfPlayerManifest, type PlayerManifest } from './module-manifest';
import { installModulePackage, moduleStorageKey, type InstalledPackage } from './module-package';
import {
  deleteModuleRow,
  findModuleRow,
  findModuleRowById,
  findModuleTexts,
  insertModuleRow,
  listModuleRows,
  listModuleRowsOfCourses,
  nextModulePosition,
  replaceModuleTexts,
  setModulePositions,
  setRequiredFlags,
  updateModuleRow,
  type ModuleRow,
  type ModuleTextRow,
} from './module.repository';

type Titles = Partial<Record<TLocale, { title: string }>>;

// Courses sit above modules (a course lists its modules), so modules ask about their course through ports.
const assertCourseExists = port('courses.assert-exists');
const assertCourseNotInUse = port('courses.assert-not-in-use');

const titlesOf = (rows: ModuleTextRow[]): Titles => {
  const titles: Titles = {};
  for (const r of rows) titles[r.locale as TLocale] = { title: r.title };
  return titles;
};

function presentModule(row: ModuleRow, titles: Titles, locale: TLocale): TModule {
  const manifest = row.manifest ? parsePlayerManifest(row.manifest) : undefined;
  return {
    id: row.id,
    courseId: row.course_id,
    order: row.position,
    kind: row.kind as TModuleKind,
    title: pickLocalized(titles, locale)?.title ?? '',
    i18n: titles,
    durationInMinutes: row.duration_minutes,
    required: row.is_required,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    scorm:
      row.kind === 'scorm' && row.scorm_version
        ? { version: row.scorm_version as TScormVersion, title: manifest?.title ?? '', scoCount: row.sco_count }
        : null,
    updatedAt: row.updated_at,
  };
}

export async function listCourseModules(
  db: DbOrTrx,
  clientId: string,
  courseId: string,
  locale: TLocale,
): Promise<TModule[]> {
  return presentModuleRows(db, clientId, await listModuleRows(db, clientId, courseId), locale);
}

/** The modules of many courses, by course id, in two queries however many courses there are. */
export async function listModulesOfCourses(
  db: DbOrTrx,
  clientId: string,
  courseIds: readonly string[],
  locale: TLocale,
): Promise<Map<string, TModule[]>> {
  const rows = await listModuleRowsOfCourses(db, clientId, courseIds);
  const modules = await presentModuleRows(db, clientId, rows, locale);
  const byCourse = new Map<string, TModule[]>(courseIds.map((id) => [id, []]));
  rows.forEach((row, i) => byCourse.get(row.course_id)?.push(modules[i]!));
  return byCourse;
}

async function presentModuleRows(db: DbOrTrx, clientId: string, rows: ModuleRow[], locale: TLocale) {
  const texts = await findModuleTexts(
    db,
    clientId,
    rows.map((r) => r.id),
  );
  const byModule = new Map<string, ModuleTextRow[]>();
  for (const t of texts) byModule.set(t.module_id, [...(byModule.get(t.module_id) ?? []), t]);
  return rows.map((row) => presentModule(row, titlesOf(byModule.get(row.id) ?? []), locale));
}

async function loadModule(db: DbOrTrx, clientId: string, courseId: string, id: string, locale: TLocale) {
  const row = (await findModuleRow(db, clientId, courseId, id)) ?? notFound('module');
  return presentModule(row, titlesOf(await findModuleTexts(db, clientId, [id])), locale);
}

/** DECISIONS "required modules": the course names them; each must be one of its own modules. */
export async function setRequiredModules(
  db: DbOrTrx,
  clientId: string,
  courseId: string,
  ids: string[],
): Promise<void> {
  const own = new Set((await listModuleRows(db, clientId, courseId)).map((m) => m.id));
  const unknown = ids.filter((id) => !own.has(id));
  if (unknown.length > 0) {
    badRequest('validation_failed', {
      fields: [{ field: 'body.requiredModuleIds', message: 'not a module of this course' }],
    });
  }
  await setRequiredFlags(db, clientId, courseId, [...new Set(ids)]);
}

const textRows = (body: TModuleBody) =>
  LOCALES.flatMap((locale) => {
    const text = body.i18n[locale];
    return text ? [{ locale, title: text.title }] : [];
  });

const packageFields = (p: InstalledPackage) => ({
  kind: p.kind,
  package_key: p.packageKey,
  file_name: p.fileName.slice(0, 255),
  file_size: p.fileSize,
  scorm_version: p.scormVersion,
  manifest: p.manifest,
  sco_count: p.scoCount,
});

export type ReadModuleUpload = ReadUpload<TModuleBody>;

export async function createModule(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
  readUpload: ReadModuleUpload,
): Promise<TModule> {
  const { clientId } = actor;
  await assertCourseExists(deps.db, clientId, courseId);
  const id = newId();
  await withUpload(readUpload, async (upload) => {
    const file = requireFilePart(upload, 'file');
    const installed = await installModulePackage(deps.config, { clientId, courseId, moduleId: id }, file);
    try {
      await deps.db.transaction().execute(async (trx) => {
        const now = nowIso();
        await insertModuleRow(trx, {
          id,
          client_id: clientId,
          course_id: courseId,
          position: await nextModulePosition(trx, clientId, courseId),
          duration_minutes: upload.data.durationInMinutes,
          is_required: false,
          ...packageFields(installed),
          created_at: now,
          updated_at: now,
        });
        await replaceModuleTexts(trx, clientId, id, textRows(upload.data));
      });
    } catch (err) {
      await removeFromStorage(deps.config, moduleStorageKey(clientId, courseId, id));
      throw err;
    }
  });
  return loadModule(deps.db, clientId, courseId, id, actor.locale);
}

/**
 * New texts and duration, and with a file a new package. Learners' runtime data hangs on the module and its item
 * identifiers, not on the package, so a replacement keeps every progress record (issue 5).
 */
export async function updateModule(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
  id: string,
  readUpload: ReadModuleUpload,
): Promise<TModule> {
  const { clientId } = actor;
  const current = (await findModuleRow(deps.db, clientId, courseId, id)) ?? notFound('module');
  await withUpload(readUpload, async (upload) => {
    const file = upload.files.file;
    const installed = file
      ? await installModulePackage(deps.config, { clientId, courseId, moduleId: id }, file)
      : undefined;
    try {
      await deps.db.transaction().execute(async (trx) => {
        await updateModuleRow(trx, clientId, id, {
          duration_minutes: upload.data.durationInMinutes,
          ...(installed ? packageFields(installed) : {}),
          updated_at: nowIso(),
        });
        await replaceModuleTexts(trx, clientId, id, textRows(upload.data));
      });
    } catch (err) {
      if (installed) await removeFromStorage(deps.config, installed.packageKey);
      throw err;
    }
    if (installed) await removeFromStorage(deps.config, current.package_key);
  });
  return loadModule(deps.db, clientId, courseId, id, actor.locale);
}

export async function deleteModule(deps: AppDeps, actor: Actor, courseId: string, id: string): Promise<void> {
  const { clientId } = actor;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findModuleRow(trx, clientId, courseId, id))) notFound('module');
    await assertCourseNotInUse(trx, clientId, courseId);
    await deleteModuleRow(trx, clientId, id);
  });
  await removeFromStorage(deps.config, moduleStorageKey(clientId, courseId, id));
}

/** Spec section 3 "Modules sorted by order": the body lists every module of the course once, in the new order. */
export async function reorderModules(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
  moduleIds: string[],
): Promise<{ modules: TModule[] }> {
  const { clientId } = actor;
  await deps.db.transaction().execute(async (trx) => {
    await assertCourseExists(trx, clientId, courseId);
    const own = (await listModuleRows(trx, clientId, courseId)).map((m) => m.id);
    const given = new Set(moduleIds);
    if (given.size !== moduleIds.length || own.length !== given.size || own.some((m) => !given.has(m))) {
      badRequest('validation_failed', {
        fields: [{ field: 'body.moduleIds', message: 'must list every module of the course exactly once' }],
      });
    }
    await setModulePositions(trx, clientId, courseId, moduleIds);
  });
  return { modules: await listCourseModules(deps.db, clientId, courseId, actor.locale) };
}

export type RuntimeModule = {
  id: string;
  courseId: string;
  kind: TModuleKind;
  packageKey: string;
  version: TScormVersion | null;
  titles: Titles;
  manifest: PlayerManifest;
};

/** For the SCORM runtime and launch: what a player needs of one module of the client. */
export async function findRuntimeModule(
  db: DbOrTrx,
  clientId: string,
  moduleId: string,
  locale: TLocale,
): Promise<RuntimeModule | undefined> {
  const row = await findModuleRowById(db, clientId, moduleId);
  if (!row) return undefined;
  const titles = titlesOf(await findModuleTexts(db, clientId, [row.id]));
  const title = pickLocalized(titles, locale)?.title ?? '';
  return {
    id: row.id,
    courseId: row.course_id,
    kind: row.kind as TModuleKind,
    packageKey: row.package_key,
    version: row.scorm_version as TScormVersion | null,
    titles,
    manifest: row.manifest ? parsePlayerManifest(row.manifest) : pdfPlayerManifest(title),
  };
}
