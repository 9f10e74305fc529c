import type { TLocale } from '@lms/contracts/constants';
import type { TModuleStatus } from '@lms/contracts/scorm-runtime';
import type { TTrainingCycle } from '@lms/contracts/trainings';
import type { DbOrTrx } from '../../db/database';
import { loadCoursesById } from '../courses';
import { listCourseModules } from '../modules';
import { moduleValuesOfUser, participationsOfUser, type ModuleValueRow } from './participant.repository';
import { cycleHistory } from './training-cycles';
import { presentModuleValue } from './training-result';
import { moduleStates } from './training-status';
import { findTrainingsWithCourse } from './training.repository';

/** A module's result in the current cycle, as the learning record shows it. */
export interface RecordModule {
  moduleId: string;
  title: string;
  required: boolean;
  status: TModuleStatus;
  completedAt: string | null;
  score: number | null;
  success: 'unknown' | 'passed' | 'failed';
}

/** One training of a person with every cycle (the current first) and the current cycle's modules. */
export interface TrainingRecord {
  trainingId: string;
  courseTitle: string;
  assigned: boolean;
  deadline: string | null;
  cycles: TTrainingCycle[];
  modules: RecordModule[];
}

/**
 * Issue 31 point 2, the trainings' part of a person's learning record: every training they take or took (a former
 * participation kept as history too), each cycle with its dates, result and certificate id, and the current cycle's
 * results per module. The caller has checked that the person is in reach; this reads only their client's rows.
 */
export async function trainingRecordOf(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  locale: TLocale,
): Promise<TrainingRecord[]> {
  const participations = await participationsOfUser(db, clientId, userId, false);
  if (participations.length === 0) return [];
  const trainings = await findTrainingsWithCourse(
    db,
    clientId,
    participations.map((p) => p.training_id),
  );
  const byId = new Map(trainings.map((t) => [t.id, t]));
  const [courses, values] = await Promise.all([
    loadCoursesById(
      db,
      clientId,
      trainings.map((t) => t.course_id),
      locale,
    ),
    moduleValuesOfUser(db, clientId, userId),
  ]);
  const valuesOf = new Map<string, ModuleValueRow[]>();
  for (const v of values) valuesOf.set(v.training_id, [...(valuesOf.get(v.training_id) ?? []), v]);
  const out: TrainingRecord[] = [];
  for (const p of participations) {
    const training = byId.get(p.training_id);
    if (!training) continue;
    const own = valuesOf.get(p.training_id) ?? [];
    const modules = await listCourseModules(db, clientId, training.course_id, locale);
    const states = moduleStates(modules, new Map(own.map((v) => [v.module_id, v.status as TModuleStatus])));
    const titleOf = new Map(modules.map((m) => [m.id, m.title]));
    out.push({
      trainingId: training.id,
      courseTitle: courses.get(training.course_id)?.title ?? '',
      assigned: p.is_assigned,
      deadline: training.deadline ?? training.course_deadline,
      cycles: (await cycleHistory(db, clientId, training.id, p)).items,
      modules: states.map((s) => {
        const v = presentModuleValue(own.find((x) => x.module_id === s.id));
        return {
          moduleId: s.id,
          title: titleOf.get(s.id) ?? '',
          required: s.required,
          status: s.status,
          completedAt: v.completedAt,
          score: v.score,
          success: v.success,
        };
      }),
    });
  }
  return out.sort(
    (a, b) => a.courseTitle.localeCompare(b.courseTitle, locale) || a.trainingId.localeCompare(b.trainingId),
  );
}
