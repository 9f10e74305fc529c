import type { TComplianceRow } from '@lms/contracts/reports';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format';
import { queryString } from '../../../lib/http';
import type { ReportParams } from '../api/report-params';

interface Props {
  rows: TComplianceRow[];
  kind: 'training' | 'group' | 'company';
  filters: ReportParams;
}

/** The figures per training, group or company; a row's name narrows the report to it (a link, the URL keeps it). */
export function BreakdownTable({ rows, kind, filters }: Props) {
  const { t, i18n } = useTranslation('reports');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const count = (n: number, rate?: number) =>
    rate === undefined ? number.format(n) : `${number.format(n)} (${percent.format(rate)})`;
  return (
    <DataTable
      data={rows}
      label={t(`breakdown.${kind}`)}
      getRowId={(r) => r.id ?? 'none'}
      empty={<EmptyState title={t('breakdown.empty')} text={t('breakdown.emptyText')} />}
      columns={[
        {
          id: 'name',
          header: t(`breakdown.${kind}`),
          cell: (r) =>
            r.id === null ? (
              <Text size="sm" c="dimmed">
                {t('breakdown.noCompany')}
              </Text>
            ) : (
              <Anchor component={Link} size="sm" to={`/reports${queryString({ ...filters, [kind]: r.id })}`}>
                <CellText text={r.name ?? ''} max={240} />
              </Anchor>
            ),
        },
        ...(kind === 'training'
          ? [
              {
                id: 'deadline',
                header: t('breakdown.deadline'),
                nowrap: true,
                priority: 3 as const,
                cell: (r: TComplianceRow) => formatDate(r.deadline ?? null, i18n.language) || '–',
              },
            ]
          : []),
        { id: 'assigned', header: t('figures.assigned'), nowrap: true, cell: (r) => count(r.assigned) },
        {
          id: 'completed',
          header: t('figures.completed'),
          nowrap: true,
          cell: (r) => count(r.completed, r.completedRate),
        },
        { id: 'overdue', header: t('figures.overdue'), nowrap: true, cell: (r) => count(r.overdue, r.overdueRate) },
        {
          id: 'expiring',
          header: t('figures.expiring'),
          nowrap: true,
          priority: 2,
          cell: (r) => count(r.expiring, r.expiringRate),
        },
        {
          id: 'expired',
          header: t('figures.expired'),
          nowrap: true,
          priority: 2,
          cell: (r) => count(r.expired, r.expiredRate),
        },
      ]}
    />
  );
}
