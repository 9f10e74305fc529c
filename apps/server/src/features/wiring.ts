import { provide, subscribe } from '../platform/events';
import { sendActivationMails, sendPasswordResetMail, createFirstAdmin } from './account';
import { certificateIdsOfParticipation, enqueueCertificateIssue } from './certificates';
import { findClientBrand } from './clients';
import { assertCourseExists, assertCourseNotInUse, loadCourse } from './courses';
import { notifyUsers } from './messages';
import {
  syncTrainingParticipants,
  recordModuleProgress,
  countTrainingsOfGroup,
  coursesOfTrainingGroups,
  onCourseValidityChanged,
} from './trainings';
import { countUsersByClient } from './users';

// Who hears which event and who answers which port (platform/events.ts; the tables in docs/architecture.md).
// The one place where lower features meet the higher ones they trigger: run by app.ts and job-handlers.ts.

let wired = false;

export function wireFeatures(): void {
  if (wired) return;
  wired = true;

  // Events, in the publisher's transaction; subscribers of one event run in the order listed here.
  subscribe('client.created', createFirstAdmin);
  subscribe('users.activation-requested', async ({ trx, config, tenant, users }) => {
    await sendActivationMails(trx, config, tenant, users);
  });
  subscribe('users.password-reset-requested', ({ trx, config, tenant, user }) =>
    sendPasswordResetMail(trx, config, tenant, user),
  );
  subscribe('groups.membership-changed', ({ trx, clientId, ...change }) =>
    syncTrainingParticipants(trx, clientId, change),
  );
  subscribe('module.status-committed', async ({ trx, ...progress }) => {
    await recordModuleProgress(trx, progress);
  });
  subscribe('training.participants-added', ({ trx, clientId, trainingId, userIds }) =>
    notifyUsers(trx, clientId, userIds, {
      type: 'training_assigned',
      data: { trainingId },
      dedupeKey: `training_assigned:${trainingId}`,
    }),
  );
  subscribe('training.completed', ({ trx, ...completion }) => enqueueCertificateIssue(trx, completion));
  subscribe('course.validity-changed', ({ trx, ...change }) => onCourseValidityChanged(trx, change));

  // Ports: one provider each.
  provide('users.count-by-client', countUsersByClient);
  provide('certificates.of-participation', certificateIdsOfParticipation);
  provide('courses.assert-exists', assertCourseExists);
  provide('courses.assert-not-in-use', assertCourseNotInUse);
  provide('courses.load', loadCourse);
  provide('clients.brand', findClientBrand);
  provide('trainings.count-of-group', countTrainingsOfGroup);
  provide('trainings.courses-of-groups', coursesOfTrainingGroups);
}
