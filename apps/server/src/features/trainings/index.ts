// The public face of features/trainings: what other features may import (docs/architecture.md, "Feature faces").

export { openParticipantIds, trainingsDueOn } from './deadline-targets.service';
export { listMyTrainings } from './learner.service';
export {
  assignedParticipantsInScope,
  claimReminderSlots,
  trainingIdsOfCourse,
  trainingLink,
  trainingOfClient,
  visibleTraining,
} from './reminder-targets.service';
export type { TrainingRow } from './reminder-targets.service';
export { ownTrainingsOfCourses, startOwnTraining } from './self-enrolment.service';
export {
  completedUserIds,
  coursesOfTrainings,
  findClientDomain,
  findCompletion,
  findVisibleTraining,
} from './training-certificates';
export { countOpenTrainings, countOverdueParticipants } from './training-figures';
export { digestFiguresOfGroups } from './training-digest-figures';
export type { DigestFigures, DigestWindow } from './training-digest-figures';
export { syncTrainingParticipants } from './training-membership';
export { expireLapsed, openDueCycles } from './training-cycles';
export { onCourseValidityChanged } from './validity-recompute.job';
export { trainingGroupIds } from './training-scope';
export type { ValidityChange } from './training-cycles';
export { certificateValidity, participationWindows, trainingsWithValidity } from './training-validity';
export { recordModuleProgress } from './training-progress.service';
export { trainingRecordOf } from './training-record';
export type { TrainingRecord } from './training-record';
export { TRAINING_EXPORT_TEXTS, trainingExportTexts } from './training-export-texts';
export { countTrainingsOfGroup, coursesOfTrainingGroups } from './training-usage';
export {
  attentionDetails,
  attentionKeys,
  attentionPage,
  completionsLive,
  countExpiring,
  countExpiringByGroup,
  countGroupStatesLive,
  countStatesLive,
  reportTrainings,
} from './report-rows';
export type { AttentionKey, AttentionWindow, ReportRowFilter, ReportTraining } from './report-rows';
export { attentionKeyPages } from './attention-export-rows';
