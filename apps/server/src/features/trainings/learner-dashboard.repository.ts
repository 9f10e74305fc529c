import type { TLocale } from '@lms/contracts/constants';
import { localeFallbackOrder } from '@lms/contracts/modules';
import type { DbOrTrx } from '../../db/database';

/**
 * The learner dashboard's two reads (issue 33: the uncached read must be cheap, whatever the number of learners).
 * Both start from the learner's own participations (index training_participants_learner: client_id, user_id,
 * is_assigned, training_id) and reach everything else by primary key or by course (modules_course_position), so each
 * costs the learner's rows only, however many learners the tenant has:
 * - the assigned trainings, each with its course and the course's text in the reader's locale and its fallbacks;
 * - the modules of those trainings' courses, with their titles in the same locales and the learner's module values.
 * No SCORM manifest is read (the dashboard shows none). EXPLAIN on both databases: docs/operations.md "Capacity".
 */

const assigned = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('training_participants as p')
    .innerJoin('trainings as t', (j) => j.onRef('t.id', '=', 'p.training_id').onRef('t.client_id', '=', 'p.client_id'))
    .where('p.client_id', '=', clientId)
    .where('p.user_id', '=', userId)
    .where('p.is_assigned', '=', true);

/** The three locales a text is picked from, in pickLocalized's order (contracts/modules.ts). */
const locales = (locale: TLocale) => localeFallbackOrder(locale) as [TLocale, TLocale, TLocale];

export function dashboardTrainings(db: DbOrTrx, clientId: string, userId: string, locale: TLocale) {
  const [l0, l1, l2] = locales(locale);
  return assigned(db, clientId, userId)
    .innerJoin('courses as c', (j) => j.onRef('c.id', '=', 't.course_id').onRef('c.client_id', '=', 't.client_id'))
    .leftJoin('course_texts as x0', (j) => j.onRef('x0.course_id', '=', 'c.id').on('x0.locale', '=', l0))
    .leftJoin('course_texts as x1', (j) => j.onRef('x1.course_id', '=', 'c.id').on('x1.locale', '=', l1))
    .leftJoin('course_texts as x2', (j) => j.onRef('x2.course_id', '=', 'c.id').on('x2.locale', '=', l2))
    .select([
      'p.training_id',
      'p.started_at',
      'p.completed_at',
      'p.is_optional',
      't.course_id',
      't.start_date',
      't.deadline',
      'c.start_date as course_start_date',
      'c.deadline as course_deadline',
      'c.duration_minutes',
      'x0.title as title0',
      'x0.description as description0',
      'x1.title as title1',
      'x1.description as description1',
      'x2.title as title2',
      'x2.description as description2',
    ])
    .execute();
}

export function dashboardModules(db: DbOrTrx, clientId: string, userId: string, locale: TLocale) {
  const [l0, l1, l2] = locales(locale);
  return assigned(db, clientId, userId)
    .innerJoin('modules as m', (j) =>
      j.onRef('m.course_id', '=', 't.course_id').onRef('m.client_id', '=', 't.client_id'),
    )
    .leftJoin('module_texts as x0', (j) => j.onRef('x0.module_id', '=', 'm.id').on('x0.locale', '=', l0))
    .leftJoin('module_texts as x1', (j) => j.onRef('x1.module_id', '=', 'm.id').on('x1.locale', '=', l1))
    .leftJoin('module_texts as x2', (j) => j.onRef('x2.module_id', '=', 'm.id').on('x2.locale', '=', l2))
    .leftJoin('training_module_values as v', (j) =>
      j
        .onRef('v.training_id', '=', 'p.training_id')
        .onRef('v.user_id', '=', 'p.user_id')
        .onRef('v.module_id', '=', 'm.id'),
    )
    .select([
      'p.training_id',
      'm.id',
      'm.position',
      'm.kind',
      'm.duration_minutes',
      'm.is_required',
      'x0.title as title0',
      'x1.title as title1',
      'x2.title as title2',
      'v.status',
      'v.completed_at',
    ])
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
}
