import type { TReportChoices } from '@lms/contracts/reports';
import { Box, Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useReportChoices } from '../api/reports';
import type { ReportParams } from '../api/report-params';

interface Props {
  filters: ReportParams;
  set: (values: Record<string, string | undefined>) => void;
}

const LISTS = { training: 'trainings', group: 'groups', company: 'companies' } as const satisfies Record<
  string,
  keyof TReportChoices
>;

/** The filters every report has: period, training, group and company, kept in the URL by the page. */
export function ReportFilters({ filters, set }: Props) {
  const { t } = useTranslation('reports');
  const choices = useReportChoices();
  const select = (key: keyof typeof LISTS) => (
    <NativeSelect
      key={key}
      label={t(`filters.${key}`)}
      w={{ base: '100%', xs: 220 }}
      value={filters[key] ?? ''}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
      data={[
        { value: '', label: t(`filters.all.${key}`) },
        ...(choices.data?.[LISTS[key]] ?? []).map((c) => ({ value: c.id, label: c.name })),
      ]}
    />
  );
  const any = Object.values(filters).some(Boolean);
  return (
    <Group align="flex-end" gap="sm" data-testid="report-filters">
      <Box w={{ base: 'calc(50% - 6px)', xs: 160 }}>
        <DateField label={t('filters.from')} value={filters.from ?? ''} onChange={(v) => set({ from: v })} />
      </Box>
      <Box w={{ base: 'calc(50% - 6px)', xs: 160 }}>
        <DateField
          label={t('filters.to')}
          value={filters.to ?? ''}
          onChange={(v) => set({ to: v })}
          minDate={filters.from}
        />
      </Box>
      {(['training', 'group', 'company'] as const).map(select)}
      {any && (
        <Button variant="subtle" onClick={() => set({ from: '', to: '', group: '', company: '', training: '' })}>
          {t('filters.reset')}
        </Button>
      )}
    </Group>
  );
}
