import type { TMessage } from '@lms/contracts/messages';
import type { TFunction } from 'i18next';
import { formatDay } from '../../../lib/format';

/**
 * A notification is stored as a type and data (issue 14); its text is made here in the reader's language, with
 * the training's title when the reader still has that training.
 * `t` is the caller's, bound to the messages namespace.
 */
export function notificationText(m: TMessage, t: TFunction, locale: string, titles: Map<string, string>) {
  const title = m.data?.trainingId ? titles.get(m.data.trainingId) : undefined;
  const values = {
    title: title ?? t('notifications.aTraining'),
    deadline: formatDay(m.data?.deadline, locale),
    count: m.data?.count ?? 0,
  };
  const type = m.notificationType ?? 'reminder';
  return {
    subject: t(`notifications.${type}.subject`, values),
    body: t(`notifications.${type}.body`, values),
  };
}

/** Where a notification leads: a coordinator's validity summary to the training's status table. */
const SUMMARIES: ReadonlySet<string> = new Set(['recertification_due_summary', 'certification_expired_summary']);

export const notificationLink = (m: TMessage): string | null =>
  m.data?.trainingId
    ? m.notificationType === 'certificate_issued'
      ? '/documents/certificates'
      : SUMMARIES.has(m.notificationType ?? '')
        ? `/coordination/trainings/${m.data.trainingId}`
        : `/training/${m.data.trainingId}`
    : null;
