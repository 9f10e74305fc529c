import type { TLocale } from '@lms/contracts/constants';
import { localeFallbackOrder } from '@lms/contracts/modules';
import { compiledOnce } from '../../db/compiled-once';
import type { DbOrTrx } from '../../db/database';

/**
 * The learner dashboard's two reads (issue 33: the uncached read must be cheap, whatever the number of learners).
 * Both start from the learner's own participations (index training_participants_learner: client_id, user_id,
 * is_assigned, training_id) and reach everything else by primary key or by course (modules_course_position), so each
 * costs the learner's rows only, however many learners the tenant has:
 * - the assigned trainings, each with its course and the course's texts in the reader's locale and its fallbacks
 *   (a row per text);
 * - the modules of those trainings' courses, with their titles in the same locales (a row per title) and the
 *   learner's module values.
 * No SCORM manifest is read (the dashboard shows none). EXPLAIN on both databases: docs/operations.md "Capacity".
 * They run only when the learner's kept answer is not current (learner-dashboard-store.ts): after a change of what
 * it shows, or the first time.
 */

const assigned = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('training_participants as p')
    .innerJoin('trainings as t', (j) => j.onRef('t.id', '=', 'p.training_id').onRef('t.client_id', '=', 'p.client_id'))
    .where('p.client_id', '=', clientId)
    .where('p.user_id', '=', userId)
    .where('p.is_assigned', '=', true);

/**
 * The locales a text is picked from, in pickLocalized's order (contracts/modules.ts). Their texts are joined as one
 * table (a row per locale found; the caller picks by this order), not as one join per locale: each join added to
 * PostgreSQL's plan search, and planning took three times as long as running the query.
 */
const locales = (locale: TLocale) => localeFallbackOrder(locale);

export function dashboardTrainingsQuery(db: DbOrTrx, clientId: string, userId: string, locale: TLocale) {
  return assigned(db, clientId, userId)
    .innerJoin('courses as c', (j) => j.onRef('c.id', '=', 't.course_id').onRef('c.client_id', '=', 't.client_id'))
    .leftJoin('course_texts as x', (j) => j.onRef('x.course_id', '=', 'c.id').on('x.locale', 'in', locales(locale)))
    .select([
      'p.training_id',
      'p.started_at',
      'p.completed_at',
      'p.is_optional',
      'p.status',
      'p.cycle',
      'p.valid_until',
      'p.renewal_opens_at',
      't.course_id',
      't.start_date',
      't.deadline',
      'c.start_date as course_start_date',
      'c.deadline as course_deadline',
      'c.duration_minutes',
      'c.cover_key',
      'x.locale',
      'x.title',
      'x.description',
    ]);
}

const trainingsRead = compiledOnce(['clientId', 'userId'], (db, v, locale: TLocale) =>
  dashboardTrainingsQuery(db, v.clientId, v.userId, locale),
);

/** The query built and compiled once per locale (db/compiled-once.ts). */
export const dashboardTrainings = (db: DbOrTrx, clientId: string, userId: string, locale: TLocale) =>
  trainingsRead(db, locale, { clientId, userId });

export function dashboardModulesQuery(db: DbOrTrx, clientId: string, userId: string, locale: TLocale) {
  return assigned(db, clientId, userId)
    .innerJoin('modules as m', (j) =>
      j.onRef('m.course_id', '=', 't.course_id').onRef('m.client_id', '=', 't.client_id'),
    )
    .leftJoin('module_texts as x', (j) => j.onRef('x.module_id', '=', 'm.id').on('x.locale', 'in', locales(locale)))
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
      'x.locale',
      'x.title',
      'v.status',
      'v.completed_at',
      'v.score_pct',
      'v.score_raw',
      'v.success_status',
    ])
    .orderBy('m.position')
    .orderBy('m.id');
}

const modulesRead = compiledOnce(['clientId', 'userId'], (db, v, locale: TLocale) =>
  dashboardModulesQuery(db, v.clientId, v.userId, locale),
);

export const dashboardModules = (db: DbOrTrx, clientId: string, userId: string, locale: TLocale) =>
  modulesRead(db, locale, { clientId, userId });
