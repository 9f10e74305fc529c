import type { TValidityState } from '@lms/contracts/validity';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../lib/format';

const COLOURS: Record<TValidityState, string> = { valid: 'green', expiring: 'yellow', expired: 'red' };

/**
 * Issue 30 point 1: how long a completion or a certificate holds: valid (until), expiring (renew by) or expired
 * (on), as a word on a tinted badge and the date in words beside it (the colour only helps, WCAG 1.4.1). Nothing
 * for a completion without validity.
 */
export function ValidityText({
  validity,
  validUntil,
  size = 'sm',
  badge = true,
}: {
  validity: TValidityState | null;
  validUntil: string | null;
  size?: 'xs' | 'sm';
  badge?: boolean;
}) {
  const { t, i18n } = useTranslation('trainings', { keyPrefix: 'validity' });
  if (!validity || !validUntil) return null;
  const date = formatDay(validUntil, i18n.language);
  const text =
    validity === 'expired'
      ? t('expiredOn', { date })
      : validity === 'expiring'
        ? t('renewBy', { date })
        : t('validUntil', { date });
  return (
    <Group gap={6} wrap="nowrap">
      {badge && (
        <Badge variant="light" color={COLOURS[validity]} c="var(--mantine-color-text)" style={{ flexShrink: 0 }}>
          {t(`state.${validity}`)}
        </Badge>
      )}
      <Text size={size} fw={validity === 'valid' ? undefined : 600}>
        {text}
      </Text>
    </Group>
  );
}
