import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  description?: ReactNode;
  /** 'YYYY-MM-DD' or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  /** The earliest date to pick, 'YYYY-MM-DD'. */
  minDate?: string;
  disabled?: boolean;
  /** The form field's name (as a native input's). */
  name?: string;
}

/** The date as its reader writes it: German 31.12.2026, English 12/31/2026, French 31/12/2026. */
const FORMATS: Record<string, string> = { de: 'DD.MM.YYYY', en: 'MM/DD/YYYY', fr: 'DD/MM/YYYY' };

/**
 * A date field in the app's language (issue 12): Mantine's picker with dayjs's German and French month and day
 * names, instead of the browser's native input, which follows the browser's language. Dates stay 'YYYY-MM-DD'.
 */
export function DateField({ label, description, value, onChange, error, required, minDate, disabled, name }: Props) {
  const { t, i18n } = useTranslation('forms');
  const lang = i18n.language.slice(0, 2);
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: lang === 'en' ? 0 : 1 }}>
      <DatePickerInput
        label={label}
        description={description}
        error={error}
        required={required}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        valueFormat={FORMATS[lang] ?? 'YYYY-MM-DD'}
        placeholder={t('datePlaceholder')}
        minDate={minDate}
        disabled={disabled}
        name={name}
        clearable
        clearButtonProps={{ 'aria-label': t('clearDate') }}
        popoverProps={{ withinPortal: true }}
        // Named controls and AA contrast (axe): no red weekends, no greyed days of the neighbouring months.
        ariaLabels={{
          nextMonth: t('nextMonth'),
          previousMonth: t('previousMonth'),
          nextYear: t('nextYear'),
          previousYear: t('previousYear'),
          nextDecade: t('nextDecade'),
          previousDecade: t('previousDecade'),
          monthLevelControl: t('chooseMonth'),
          yearLevelControl: t('chooseYear'),
        }}
        weekendDays={[]}
        hideOutsideDates
      />
    </DatesProvider>
  );
}
