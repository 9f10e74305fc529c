import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import { pickLocalized } from '@lms/contracts/modules';
import type { AppDeps } from '../../platform/deps';
import { nextTurn } from '../../platform/turn-batch';
import { nowIso } from '../../platform/ids';
import type { JobHandler } from '../../platform/jobs';
import { clientBaseUrl } from '../account';
import { loadCourse } from '../courses';
import { sendTemplatedMail } from '../mail';
import { findUserById } from '../users';
import { claimDueInvitations } from './participant.repository';
import { findClientDomain, findTrainingWithCourse } from './training.repository';
import { TRAINING_INVITATIONS_JOB } from './training-membership';

const BATCH = 200;

/**
 * Sends the invitations that are due for one training (participants added by an assignment or by joining an
 * assigned group). Each batch is claimed and its mails queued in one transaction, so a second job for the same
 * training never sends one twice. With the course's invitation switched off, the due flags are cleared unsent.
 */
export async function sendDueInvitations(deps: AppDeps, clientId: string, trainingId: string): Promise<number> {
  const training = await findTrainingWithCourse(deps.db, clientId, trainingId);
  const domain = await findClientDomain(deps.db, clientId);
  if (!training || !domain) return 0;
  const course = await loadCourse(deps.db, clientId, training.course_id, 'en-US');
  const deadline = training.deadline ?? training.course_deadline ?? '';
  const link = new URL(`/training/${training.id}`, clientBaseUrl(deps.config, domain)).toString();
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const userIds = await claimDueInvitations(trx, clientId, trainingId, BATCH, nowIso());
      if (!course.invitationEnabled) return userIds.length;
      for (const userId of userIds) {
        const user = await findUserById(trx, clientId, userId);
        // No address, no mail; a deactivated account could not follow the link anyway.
        if (!user?.email || !user.is_active) continue;
        const locale = (LOCALES as readonly string[]).includes(user.locale) ? (user.locale as TLocale) : DEFAULT_LOCALE;
        await sendTemplatedMail(trx, clientId, {
          kind: 'invitation',
          locale,
          to: { address: user.email, name: `${user.first_name} ${user.last_name}`.trim() },
          templateId: course.invitationMailTemplateId,
          values: {
            firstName: user.first_name,
            lastName: user.last_name,
            name: `${user.first_name} ${user.last_name}`.trim(),
            courseTitle: pickLocalized(course.i18n, locale)?.title ?? course.title,
            deadline,
            link,
          },
        });
        sent++;
      }
      return userIds.length;
    });
    if (claimed < BATCH) return sent;
    await nextTurn();
  }
}

export function createTrainingInvitationsHandler(): JobHandler<{ trainingId: string }> {
  return {
    kind: TRAINING_INVITATIONS_JOB,
    async run(ctx) {
      const sent = await sendDueInvitations(ctx.deps, ctx.job.clientId ?? '', ctx.job.payload.trainingId);
      return { sent };
    },
  };
}
