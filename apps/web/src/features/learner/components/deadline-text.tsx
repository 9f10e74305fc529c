import type { TTrainingStatus } from '@lms/contracts/trainings';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, todayIso } from '../../../lib/format';

/** Whether a training's deadline has passed without the training being completed (OPTIONAL ones are not missing). */
export const isOverdue = (deadline: string | null, status: TTrainingStatus, today = todayIso()): boolean =>
  deadline !== null && deadline < today && (status === 'PENDING' || status === 'STARTED');

/**
 * The deadline of a training. An overdue one says so in words ("Overdue") and in red, so the colour is never the
 * only sign (WCAG 1.4.1).
 */
export function DeadlineText(props: {
  deadline: string | null;
  status: TTrainingStatus;
  /** Under a "Deadline" label already: the date alone. */
  bare?: boolean;
  size?: 'sm' | 'md';
}) {
  const { deadline, status, bare = false, size = 'sm' } = props;
  const { t, i18n } = useTranslation('learner');
  if (!deadline) return <Text size={size}>{t('training.noDeadline')}</Text>;
  const date = formatDate(deadline, i18n.language);
  if (isOverdue(deadline, status))
    return (
      <Text size={size} c="red.9" fw={600}>
        <span aria-hidden>⚠ </span>
        {t('training.overdue', { date })}
      </Text>
    );
  return <Text size={size}>{bare ? date : t('training.deadline', { date })}</Text>;
}
