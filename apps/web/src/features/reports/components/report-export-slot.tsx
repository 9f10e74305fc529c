import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu';
import { showApiError } from '../../../lib/error-text';
import { useReportParams } from '../api/report-params';
import { exportReport } from '../api/reports';

/**
 * A report's export button (issue 31 point 3): the compliance overview or the attention list as XLSX or CSV, with
 * the filters of the page's URL (and on the list its state and order; every page, not only the one shown).
 */
export function ReportExportSlot({ report }: { report: 'compliance' | 'attention' }) {
  const { t } = useTranslation('reports');
  const { filters, attention } = useReportParams();
  const params =
    report === 'compliance' ? { ...filters } : { ...filters, state: attention.state, sort: attention.sort };
  return (
    <ExportMenu label={t('export')} onExport={(format) => exportReport(report, params, format).catch(showApiError)} />
  );
}
