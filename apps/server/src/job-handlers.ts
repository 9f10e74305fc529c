import { accessCleanupSchedule, createAccessCleanupHandler } from './features/account/access-cleanup.job';
import { createPasswordResetHandler } from './features/account/password-reset.job';
import { auditRetentionSchedule, createAuditRetentionHandler } from './features/audit/audit-retention.job';
import { createCertificateIssueHandler } from './features/certificates/certificate-issue.job';
import { createCertificateRegenerateHandler } from './features/certificates/certificate-regenerate.job';
import { createDeadlineNearHandler, deadlineNearSchedule } from './features/messages/deadline-near.job';
import { createMailDeliveryHandler } from './features/mail/mail-delivery';
import { autoRemindersSchedule, createAutoRemindersHandler } from './features/reminders/reminder-auto.job';
import { createTrainingInvitationsHandler } from './features/trainings/training-invitations.job';
import { createValidityRecomputeHandler } from './features/trainings/validity-recompute.job';
import { createRecertificationHandler, recertificationSchedule } from './features/recertification/recertification.job';
import { createDigestHandler, digestSchedule } from './features/digest/digest.job';
import { createRetentionCleanupHandler, retentionCleanupSchedule } from './features/jobs/retention-cleanup.job';
import { createPlannerStatisticsHandler, plannerStatisticsSchedule } from './features/jobs/planner-statistics.job';
import { createGdprExportHandler } from './features/gdpr/gdpr-export.job';
import { createGdprRetentionHandler, gdprRetentionSchedule } from './features/gdpr/gdpr-retention.job';
import { createUserImportHandler } from './features/user-import/user-import.job';
import { wireFeatures } from './features/wiring';
import type { JobHandler } from './platform/jobs';
import type { Schedule } from './platform/scheduler';

/** Every kind of background work this process runs (ARCHITECTURE section 7); main.ts hands them to the workers. */
export const createJobHandlers = (): JobHandler[] => {
  wireFeatures();
  return [
    createMailDeliveryHandler(),
    createUserImportHandler(),
    createPasswordResetHandler(),
    createAccessCleanupHandler(),
    createCertificateIssueHandler(),
    createCertificateRegenerateHandler(),
    createTrainingInvitationsHandler(),
    createAutoRemindersHandler(),
    createDeadlineNearHandler(),
    createRetentionCleanupHandler(),
    createPlannerStatisticsHandler(),
    createGdprExportHandler(),
    createGdprRetentionHandler(),
    createAuditRetentionHandler(),
    createValidityRecomputeHandler(),
    createRecertificationHandler(),
    createDigestHandler(),
  ];
};

/** Recurring jobs (platform/scheduler.ts): main.ts starts the scheduler with them; each kind has a handler above. */
export const jobSchedules: readonly Schedule<unknown>[] = [
  accessCleanupSchedule,
  autoRemindersSchedule,
  deadlineNearSchedule,
  retentionCleanupSchedule,
  plannerStatisticsSchedule,
  gdprRetentionSchedule,
  auditRetentionSchedule,
  recertificationSchedule,
  digestSchedule,
];
