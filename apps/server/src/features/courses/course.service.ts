import { publish } from '../../platform/events';
import type { TLocale } from '@lms/contracts/constants';
import { LOCALES } from '@lms/contracts/constants';
import type { TCourse, TCourseBodyParsed, TCourseListQuery, TCoursePage } from '@lms/contracts/courses';
import type { CoursesTable, DbOrTrx } from '../../db/database';
import type { Insertable } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { removeFromStorage } from '../../platform/storage';
import { listCourseFiles } from '../course-files';
import { isCertificateTemplateOfClient, isMailTemplateOfKind } from '../templates';
import { listCourseModules, setRequiredModules } from '../modules';
import { presentCourse, presentCourseSummary, textsByLocale } from './course.presenter';
import {
  deleteCourse as deleteCourseRow,
  findCourseById,
  findCourseTexts,
  foldForSearch,
  insertCourse,
  listCourses as listCourseRows,
  replaceCourseTexts,
  updateCourse as updateCourseRow,
} from './course.repository';
import { courseStorageKey } from './course-ref';
import { isCourseUsedByTraining } from './course-usage.repository';

export async function listCourses(deps: AppDeps, actor: Actor, query: TCourseListQuery): Promise<TCoursePage> {
  const { rows, total } = await listCourseRows(deps.db, actor.clientId, actor.locale, query);
  const texts = await findCourseTexts(
    deps.db,
    actor.clientId,
    rows.map((r) => r.id),
  );
  const items = rows.map((row) =>
    presentCourseSummary(
      row,
      textsByLocale(texts.filter((t) => t.course_id === row.id)),
      row.module_count,
      actor.locale,
    ),
  );
  return { items, total, totalCapped: false, page: query.page, pageSize: query.pageSize };
}

/** The course with its modules and files, as the edit screens show it. */
export async function loadCourse(db: DbOrTrx, clientId: string, id: string, locale: TLocale): Promise<TCourse> {
  const row = (await findCourseById(db, clientId, id)) ?? notFound('course');
  const [texts, modules, files] = await Promise.all([
    findCourseTexts(db, clientId, [id]),
    listCourseModules(db, clientId, id, locale),
    listCourseFiles(db, clientId, id),
  ]);
  return presentCourse(row, textsByLocale(texts), modules, files, locale);
}

export const getCourse = (deps: AppDeps, actor: Actor, id: string): Promise<TCourse> =>
  loadCourse(deps.db, actor.clientId, id, actor.locale);

type CourseFields = Omit<Insertable<CoursesTable>, 'id' | 'client_id' | 'created_at'> & { updated_at: string };

function courseFields(body: TCourseBodyParsed): CourseFields {
  const titles = LOCALES.flatMap((l) => {
    const text = body.i18n[l];
    return text ? [text.title] : [];
  });
  return {
    start_date: body.startDate,
    deadline: body.deadline,
    duration_minutes: body.durationMinutes,
    certificate_template_id: body.certificateTemplateId,
    invitation_mail_template_id: body.invitationMailTemplateId,
    reminder_mail_template_id: body.reminderMailTemplateId,
    is_invitation_enabled: body.invitationEnabled,
    is_reminder_active: body.reminder.active,
    reminder_from: body.reminder.from,
    reminder_until: body.reminder.until,
    reminder_interval_days: body.reminder.intervalDays,
    invoice_product_id: body.invoiceProductId || null,
    is_active: body.active,
    is_premium: body.premium,
    validity_months: body.validity.months,
    renewal_days: body.validity.renewalDays,
    search_text: foldForSearch(titles.join('\n')),
    updated_at: nowIso(),
  };
}

/** The course fields that name a mail template, and the kind that template must have. */
const MAIL_TEMPLATE_REFS = [
  ['invitationMailTemplateId', 'invitation'],
  ['reminderMailTemplateId', 'reminder'],
] as const;

/**
 * A course's invitation and reminder templates are mail templates of its own client and of that kind; an unknown id,
 * another client's template (not found, as ARCHITECTURE section 4 wants) or one of another kind is refused with 400
 * `mail_template_not_found` naming the field. Null means the client's standard template of the kind. The
 * certificate template is one of the client's certificate templates (else 400 `certificate_template_not_found`);
 * null: the course issues no certificates.
 */
async function assertTemplateRefs(db: DbOrTrx, clientId: string, body: TCourseBodyParsed): Promise<void> {
  for (const [field, kind] of MAIL_TEMPLATE_REFS) {
    const id = body[field];
    if (id === null) continue;
    if (!(await isMailTemplateOfKind(db, clientId, id, kind))) badRequest('mail_template_not_found', { field, kind });
  }
  const certificateTemplateId = body.certificateTemplateId;
  if (certificateTemplateId !== null && !(await isCertificateTemplateOfClient(db, clientId, certificateTemplateId)))
    badRequest('certificate_template_not_found', { field: 'certificateTemplateId' });
}

const textRows = (body: TCourseBodyParsed) =>
  LOCALES.flatMap((locale) => {
    const text = body.i18n[locale];
    return text ? [{ locale, title: text.title, description: text.description }] : [];
  });

export async function createCourse(deps: AppDeps, actor: Actor, body: TCourseBodyParsed): Promise<TCourse> {
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await assertTemplateRefs(trx, actor.clientId, body);
    const fields = courseFields(body);
    await insertCourse(trx, {
      ...fields,
      id,
      client_id: actor.clientId,
      created_at: fields.updated_at,
    });
    await replaceCourseTexts(trx, actor.clientId, id, textRows(body));
    // A new course has no modules yet, so only an empty list can be right.
    await setRequiredModules(trx, actor.clientId, id, body.requiredModuleIds);
  });
  return loadCourse(deps.db, actor.clientId, id, actor.locale);
}

export async function updateCourse(deps: AppDeps, actor: Actor, id: string, body: TCourseBodyParsed): Promise<TCourse> {
  await deps.db.transaction().execute(async (trx) => {
    const before = (await findCourseById(trx, actor.clientId, id)) ?? notFound('course');
    await assertTemplateRefs(trx, actor.clientId, body);
    await updateCourseRow(trx, actor.clientId, id, courseFields(body));
    if (before.validity_months !== body.validity.months || before.renewal_days !== body.validity.renewalDays)
      await publish('course.validity-changed', { trx, clientId: actor.clientId, courseId: id, actorId: actor.userId });
    await replaceCourseTexts(trx, actor.clientId, id, textRows(body));
    await setRequiredModules(trx, actor.clientId, id, body.requiredModuleIds);
  });
  return loadCourse(deps.db, actor.clientId, id, actor.locale);
}

/** Spec section 5: refused while a training uses the course; its modules' and files' storage goes with it. */
export async function deleteCourse(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findCourseById(trx, actor.clientId, id))) notFound('course');
    if (await isCourseUsedByTraining(trx, actor.clientId, id)) conflict('course_in_use');
    await deleteCourseRow(trx, actor.clientId, id);
  });
  await removeFromStorage(deps.config, courseStorageKey(actor.clientId, id));
}
