import { RENEWAL_DAYS_MAX, VALIDITY_MONTHS_MAX, type TValidity } from '@lms/contracts/validity';
import { Checkbox, Fieldset, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Issue 30 point 1: a validity as a course or a training sets it: without end, or N months with a renewal window of
 * N days before the end. `months` null is "without end"; turning it off starts at 12 months.
 */
export function ValidityFields({
  value,
  onChange,
  disabled = false,
  hint,
}: {
  value: TValidity;
  onChange: (value: TValidity) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('trainings', { keyPrefix: 'validity' });
  const never = value.months === null;
  const number = (v: string | number, fallback: number) => (typeof v === 'number' ? v : Number(v) || fallback);
  return (
    <Fieldset legend={t('form.label')} variant="unstyled" disabled={disabled}>
      <Stack gap="xs">
        <Checkbox
          label={t('form.never')}
          checked={never}
          onChange={(e) => onChange({ ...value, months: e.currentTarget.checked ? null : 12 })}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={t('form.months')}
            min={1}
            max={VALIDITY_MONTHS_MAX}
            allowDecimal={false}
            disabled={disabled || never}
            value={value.months ?? ''}
            onChange={(v) => onChange({ ...value, months: Math.min(VALIDITY_MONTHS_MAX, Math.max(1, number(v, 1))) })}
          />
          <NumberInput
            label={t('form.renewalDays')}
            min={0}
            max={RENEWAL_DAYS_MAX}
            allowDecimal={false}
            disabled={disabled || never}
            value={value.renewalDays}
            onChange={(v) => onChange({ ...value, renewalDays: Math.min(RENEWAL_DAYS_MAX, Math.max(0, number(v, 0))) })}
          />
        </SimpleGrid>
        {hint && <Text size="xs">{hint}</Text>}
      </Stack>
    </Fieldset>
  );
}
