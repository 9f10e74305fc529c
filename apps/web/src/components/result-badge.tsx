import type { TSuccessStatus } from '@lms/contracts/scorm-runtime';
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../lib/format';

/**
 * Issue 31 point 1: a module's or training's result as its SCORM package reported it: the score as a percentage and
 * passed or failed as a word on a tinted badge (the word carries the meaning, WCAG 1.4.1). Nothing reported: nothing
 * shown, or `empty` where a table cell needs a mark.
 */
export function ResultBadge({
  success,
  score,
  empty = null,
  size = 'sm',
}: {
  success: TSuccessStatus;
  score: number | null;
  empty?: React.ReactNode;
  size?: 'xs' | 'sm';
}) {
  const { t, i18n } = useTranslation('trainings');
  if (success === 'unknown' && score === null) return empty;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {score !== null && (
        <Text component="span" size={size} fw={600} style={{ whiteSpace: 'nowrap' }}>
          <VisuallyHidden>{t('result.score')} </VisuallyHidden>
          {formatPercent(score, i18n.language)}
        </Text>
      )}
      {success !== 'unknown' && (
        <Badge
          size={size}
          variant="light"
          color={success === 'passed' ? 'green' : 'red'}
          c="var(--mantine-color-text)"
          style={{ flexShrink: 0, minWidth: 'max-content' }}
        >
          {t(`result.${success}`)}
        </Badge>
      )}
    </Group>
  );
}
