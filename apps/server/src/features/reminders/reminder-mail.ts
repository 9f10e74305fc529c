import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TCourse } from '@lms/contracts/courses';
import { pickLocalized } from '@lms/contracts/modules';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { isMailTemplateOfKind } from '../templates';
import { notifyUsers } from '../messages';
import { sendTemplatedMail } from '../mail';
import { trainingLink, type TrainingRow } from '../trainings';
import { findUserById } from '../users';
import { effectiveDates } from './reminder-rules';

/** What every reminder of one training shares: the course, the template, the deadline and the link. */
export interface ReminderContext {
  clientId: string;
  training: TrainingRow;
  course: TCourse;
  /** The course's reminder template, when it names one that is still a reminder template of the client. */
  templateId: string | null;
  deadline: string;
  link: string;
}

export async function reminderContext(
  deps: AppDeps,
  db: DbOrTrx,
  training: TrainingRow,
  course: TCourse,
): Promise<ReminderContext> {
  const id = course.reminderMailTemplateId;
  const templateId = id && (await isMailTemplateOfKind(db, training.client_id, id, 'reminder')) ? id : null;
  return {
    clientId: training.client_id,
    training,
    course,
    templateId,
    deadline: effectiveDates(training, course).deadline ?? '',
    link: (await trainingLink(deps, db, training.client_id, training.id)) ?? `/training/${training.id}`,
  };
}

/**
 * Queues the reminder mail (kind 'reminder', the course's template) for one user in the caller's transaction and
 * answers its id; undefined for a user without an address or with a deactivated account (nobody to reach).
 */
export async function queueReminderMail(
  trx: DbOrTrx,
  ctx: ReminderContext,
  userId: string,
): Promise<string | undefined> {
  const user = await findUserById(trx, ctx.clientId, userId);
  if (!user?.email || !user.is_active) return undefined;
  const locale = (LOCALES as readonly string[]).includes(user.locale) ? (user.locale as TLocale) : DEFAULT_LOCALE;
  const name = `${user.first_name} ${user.last_name}`.trim();
  const mailId = await sendTemplatedMail(trx, ctx.clientId, {
    kind: 'reminder',
    locale,
    to: { address: user.email, name },
    templateId: ctx.templateId,
    values: {
      firstName: user.first_name,
      lastName: user.last_name,
      name,
      courseTitle: pickLocalized(ctx.course.i18n, locale)?.title ?? ctx.course.title,
      deadline: ctx.deadline,
      link: ctx.link,
    },
  });
  // Issue 14: the reminder shows among the user's notifications too, in the transaction that queued the mail.
  await notifyUsers(trx, ctx.clientId, [userId], {
    type: 'reminder',
    data: { trainingId: ctx.training.id, ...(ctx.deadline ? { deadline: ctx.deadline } : {}) },
  });
  return mailId;
}

/** Whether the user can be reached by mail at all (checked before a reminder is counted as sent). */
export async function isReachable(db: DbOrTrx, clientId: string, userId: string): Promise<boolean> {
  const user = await findUserById(db, clientId, userId);
  return Boolean(user?.email && user.is_active);
}
