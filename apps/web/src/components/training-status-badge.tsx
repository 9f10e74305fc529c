import type { TModuleStatus } from '@lms/contracts/scorm-runtime';
import type { TTrainingStatus } from '@lms/contracts/trainings';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TTrainingStatus, string> = {
  PENDING: 'gray',
  STARTED: 'primary',
  COMPLETED: 'green',
  OPTIONAL: 'grape',
  EXPIRED: 'red',
};

/**
 * A training or module status as a word on a tinted badge: the word carries the meaning, the colour only helps
 * (WCAG 1.4.1); the text keeps the page's text colour, since the tints' own dark shades (green 9 on the green
 * tint: 3.9:1) miss AA at badge size.
 */
export function StatusBadge({
  status,
  kind = 'training',
  locked = false,
}: {
  status: TTrainingStatus | TModuleStatus;
  kind?: 'training' | 'module';
  /** A locked module shows "locked", not its status: "open" beside "locked" read as a contradiction (issue 32). */
  locked?: boolean;
}) {
  const { t } = useTranslation('trainings');
  const colour = locked ? 'gray' : COLOURS[status];
  return (
    <Badge
      variant="light"
      color={colour}
      c="var(--mantine-color-text)"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {locked ? t('moduleStatus.LOCKED') : t(kind === 'training' ? `status.${status}` : `moduleStatus.${status}`)}
    </Badge>
  );
}
