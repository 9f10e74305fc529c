import type { TLaunchResult, TModuleStatus } from '@lms/contracts/scorm-runtime';
import type {
  TCourseTrainingUserValueList,
  TRecordModuleResult,
  TTrainingCycleList,
  TUserTraining,
  TUserTrainingList,
} from '@lms/contracts/trainings';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import type { TCourse } from '@lms/contracts/courses';
import { courseCoverUrl, loadCoursesById } from '../courses';
import { launchTrainingModule } from '../scorm-runtime';
import { localeFallbackOrder, type TModule, type TModuleKind } from '@lms/contracts/modules';
import type { TLocale } from '@lms/contracts/constants';
import { dashboardModules, dashboardTrainings } from './learner-dashboard.repository';
import { findParticipant, moduleValuesOf, moduleValuesOfUser } from './participant.repository';
import type { ModuleValueRow, ParticipantRow } from './participant.repository';
import { findTrainingsWithCourse, type findTrainingWithCourse } from './training.repository';
import { recordModuleProgress } from './training-progress.service';
import { presentModuleValue } from './training-result';
import { moduleStates, nextModuleOf, progressOf, trainingStatusOf } from './training-status';
import { presentValidity } from './training-validity';
import { cycleHistory } from './training-cycles';

// The learner's side (spec sections 2 and 7): their trainings with module locking, their module values, and what
// opening a module records. A user sees the trainings they are assigned to; anything else is not found.

type TrainingRow = NonNullable<Awaited<ReturnType<typeof findTrainingWithCourse>>>;

/** What a training's card shows of its course: the whole TCourse, or what the dashboard's two reads give of it. */
type CourseShown = Pick<TCourse, 'id' | 'title' | 'description' | 'durationMinutes' | 'coverUrl'> & {
  modules: readonly Pick<TModule, 'id' | 'order' | 'kind' | 'title' | 'durationInMinutes' | 'required'>[];
};

function presentUserTraining(
  training: Pick<TrainingRow, 'id' | 'start_date' | 'deadline' | 'course_start_date' | 'course_deadline'>,
  course: CourseShown,
  p: Pick<
    ParticipantRow,
    'started_at' | 'completed_at' | 'is_optional' | 'status' | 'cycle' | 'valid_until' | 'renewal_opens_at'
  >,
  values: readonly Pick<
    ModuleValueRow,
    'module_id' | 'status' | 'completed_at' | 'score_pct' | 'score_raw' | 'success_status'
  >[],
  now: string,
): TUserTraining {
  const states = moduleStates(course.modules, new Map(values.map((v) => [v.module_id, v.status as TModuleStatus])));
  const progress = progressOf(states);
  const modules = new Map(course.modules.map((m) => [m.id, m]));
  const valueOf = new Map(values.map((v) => [v.module_id, v]));
  return {
    id: training.id,
    courseId: course.id,
    title: course.title,
    description: course.description,
    coverUrl: course.coverUrl,
    startDate: training.start_date ?? training.course_start_date,
    deadline: training.deadline ?? training.course_deadline,
    durationMinutes: course.durationMinutes,
    status: trainingStatusOf(p),
    startedAt: p.started_at,
    completedAt: p.completed_at,
    progress: { completed: progress.completed, required: progress.required },
    nextModuleId: nextModuleOf(states),
    ...presentValidity(p, now),
    modules: states.map((s) => {
      const m = modules.get(s.id)!;
      return {
        id: m.id,
        order: m.order,
        kind: m.kind,
        title: m.title,
        durationInMinutes: m.durationInMinutes,
        required: s.required,
        status: s.status,
        ...presentModuleValue(valueOf.get(s.id)),
        locked: s.locked,
        unlockedBy: s.unlockedBy,
      };
    }),
  };
}

/**
 * The given participations' trainings, presented from the whole courses (a training's page, opening a module): a
 * handful of queries however many trainings. The dashboard, the hottest page of the product, has its own two-query
 * read (listMyTrainings).
 */
async function presentParticipations(
  db: DbOrTrx,
  actor: Actor,
  rows: readonly ParticipantRow[],
): Promise<TUserTraining[]> {
  const trainings = await findTrainingsWithCourse(
    db,
    actor.clientId,
    rows.map((r) => r.training_id),
  );
  const [courses, values] = await Promise.all([
    loadCoursesById(
      db,
      actor.clientId,
      trainings.map((t) => t.course_id),
      actor.locale,
    ),
    rows.length === 1
      ? moduleValuesOf(db, actor.clientId, rows[0]!.training_id, actor.userId)
      : moduleValuesOfUser(db, actor.clientId, actor.userId),
  ]);
  const byTraining = new Map(trainings.map((t) => [t.id, t]));
  const now = nowIso();
  const valuesOf = new Map<string, ModuleValueRow[]>();
  for (const v of values) valuesOf.set(v.training_id, [...(valuesOf.get(v.training_id) ?? []), v]);
  return rows.flatMap((p) => {
    const training = byTraining.get(p.training_id);
    const course = training && courses.get(training.course_id);
    return training && course ? [presentUserTraining(training, course, p, valuesOf.get(p.training_id) ?? [], now)] : [];
  });
}

/** By deadline (none last), then title: what is due first comes first on the dashboard. */
const byDeadline = (a: TUserTraining, b: TUserTraining) =>
  (a.deadline ?? '9999-12-31').localeCompare(b.deadline ?? '9999-12-31') || a.title.localeCompare(b.title);

/**
 * Rows that repeat one item per text found (one per locale), folded to the item with the text pickLocalized would
 * pick: the first in the reader's fallback order that exists.
 */
function foldTexts<R extends { locale: string | null }>(rows: readonly R[], keyOf: (r: R) => string, locale: TLocale) {
  const rank = new Map<string | null, number>(localeFallbackOrder(locale).map((l, i) => [l, i]));
  const chosen = new Map<string, R>();
  for (const r of rows) {
    const k = keyOf(r);
    const was = chosen.get(k);
    if (!was || (rank.get(r.locale) ?? 99) < (rank.get(was.locale) ?? 99)) chosen.set(k, r);
  }
  return [...chosen.values()];
}

/**
 * The dashboard: two indexed queries, run at once, that read only the learner's own rows (learner-dashboard.repository;
 * issue 33: the uncached read must stay cheap however many learners the tenant has).
 */
export async function listMyTrainings(deps: AppDeps, actor: Actor): Promise<TUserTrainingList> {
  const { db } = deps;
  const [trainingRows, moduleRows] = await Promise.all([
    dashboardTrainings(db, actor.clientId, actor.userId, actor.locale),
    dashboardModules(db, actor.clientId, actor.userId, actor.locale),
  ]);
  const modulesOf = new Map<string, typeof moduleRows>();
  for (const m of foldTexts(moduleRows, (r) => `${r.training_id} ${r.id}`, actor.locale)) {
    const list = modulesOf.get(m.training_id);
    if (list) list.push(m);
    else modulesOf.set(m.training_id, [m]);
  }
  const now = nowIso();
  const items = foldTexts(trainingRows, (r) => r.training_id, actor.locale).map((t) => {
    const rows = modulesOf.get(t.training_id) ?? [];
    const course: CourseShown = {
      id: t.course_id,
      title: t.title ?? '',
      description: t.description ?? '',
      coverUrl: courseCoverUrl(t.course_id, t.cover_key),
      durationMinutes: t.duration_minutes,
      modules: rows.map((m) => ({
        id: m.id,
        order: m.position,
        kind: m.kind as TModuleKind,
        title: m.title ?? '',
        durationInMinutes: m.duration_minutes,
        required: m.is_required,
      })),
    };
    const values = rows.flatMap((m) =>
      m.status === null
        ? []
        : [
            {
              module_id: m.id,
              status: m.status,
              completed_at: m.completed_at,
              score_pct: m.score_pct,
              score_raw: m.score_raw,
              success_status: m.success_status ?? 'unknown',
            },
          ],
    );
    return presentUserTraining({ ...t, id: t.training_id }, course, t, values, now);
  });
  return { items: items.sort(byDeadline) };
}

async function findMyParticipation(db: DbOrTrx, actor: Actor, trainingId: string): Promise<ParticipantRow> {
  const row = await findParticipant(db, actor.clientId, trainingId, actor.userId);
  return row?.is_assigned ? row : notFound('training');
}

export async function getMyTraining(deps: AppDeps, actor: Actor, trainingId: string): Promise<TUserTraining> {
  const row = await findMyParticipation(deps.db, actor, trainingId);
  return (await presentParticipations(deps.db, actor, [row]))[0] ?? notFound('training');
}

/** `GET /api/user-course-trainings/{id}/cycles`: my closed cycles of a training (issue 30 point 1), newest first. */
export async function listMyCycles(deps: AppDeps, actor: Actor, trainingId: string): Promise<TTrainingCycleList> {
  const row = await findMyParticipation(deps.db, actor, trainingId);
  return cycleHistory(deps.db, actor.clientId, trainingId, row);
}

export async function listMyModuleValues(deps: AppDeps, actor: Actor): Promise<TCourseTrainingUserValueList> {
  const rows = await moduleValuesOfUser(deps.db, actor.clientId, actor.userId);
  return {
    items: rows.map((r) => ({
      trainingId: r.training_id,
      userId: r.user_id,
      moduleId: r.module_id,
      status: r.status as TModuleStatus,
      completedAt: r.completed_at,
      updatedAt: r.updated_at,
    })),
  };
}

/** The module of the training's course that the learner may open now: 404 if not theirs, 400 if locked. */
async function openableModule(db: DbOrTrx, actor: Actor, trainingId: string, moduleId: string) {
  const row = await findMyParticipation(db, actor, trainingId);
  const [training] = await presentParticipations(db, actor, [row]);
  const module = training?.modules.find((m) => m.id === moduleId) ?? notFound('module');
  // 400, not 403: the web app answers a 403 with the permission dialog, and this is a step out of order.
  if (module.locked) badRequest('module_locked', { moduleId, unlockedBy: module.unlockedBy });
  return module;
}

/**
 * `POST /course-training-user-value/{courseTrainingId}/{moduleId}`: the learner opened a module. A PDF is completed by
 * being opened (DECISIONS "module completion"); a SCORM module is started, its completion comes from the runtime.
 */
export async function recordModuleOpened(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  moduleId: string,
): Promise<TRecordModuleResult> {
  return deps.db.transaction().execute(async (trx) => {
    const module = await openableModule(trx, actor, trainingId, moduleId);
    const status = module.kind === 'pdf' ? 'COMPLETED' : 'STARTED';
    const input = {
      clientId: actor.clientId,
      trainingId,
      userId: actor.userId,
      moduleId,
      status,
      at: nowIso(),
    } as const;
    return (await recordModuleProgress(trx, input)) ?? notFound('training');
  });
}

/** A participant launches an unlocked module in the player; launching starts it (DECISIONS "training status"). */
export async function launchMyModule(
  deps: AppDeps,
  actor: Actor,
  tenant: Tenant,
  trainingId: string,
  moduleId: string,
): Promise<TLaunchResult> {
  const cycle = await deps.db.transaction().execute(async (trx) => {
    await openableModule(trx, actor, trainingId, moduleId);
    const at = nowIso();
    await recordModuleProgress(trx, {
      clientId: actor.clientId,
      trainingId,
      userId: actor.userId,
      moduleId,
      status: 'STARTED',
      at,
    });
    return (await findMyParticipation(trx, actor, trainingId)).cycle;
  });
  return launchTrainingModule(deps, tenant, {
    userId: actor.userId,
    trainingId,
    moduleId,
    locale: actor.locale,
    cycle,
  });
}
