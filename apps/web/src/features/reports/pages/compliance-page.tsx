import { Alert, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { NamedLoader } from '../../../components/named-loader';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { queryString } from '../../../lib/http';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReportParams } from '../api/report-params';
import { useCompliance } from '../api/reports';
import { BreakdownTable } from '../components/breakdown-table';
import { FigureCards } from '../components/figure-cards';
import { ReportFilters } from '../components/report-filters';
import { ReportExportSlot } from '../components/report-export-slot';
import { TrendChart } from '../components/trend-chart';

type Breakdown = 'training' | 'group' | 'company';

/** /reports: are we compliant, per training, group and company, and is it getting better (issue 31 point 2)? */
export function CompliancePage() {
  const { t, i18n } = useTranslation('reports');
  usePageTitle(t('compliance.title'));
  const { filters, set } = useReportParams();
  const report = useCompliance(filters);
  const errorText = useErrorText();
  const [by, setBy] = useState<Breakdown>('training');
  const data = report.data;
  const rows = data ? { training: data.trainings, group: data.groups, company: data.companies }[by] : [];
  return (
    <Stack>
      <PageHeader
        title={t('compliance.title')}
        intro={t('compliance.intro')}
        action={
          <Group gap="sm">
            <Anchor component={Link} to={`/reports/attention${queryString({ ...filters })}`}>
              {t('compliance.toAttention')}
            </Anchor>
            <ReportExportSlot report="compliance" />
          </Group>
        }
      />
      <ReportFilters filters={filters} set={set} />
      {!data && report.error ? (
        // A link to a client no longer resold (or a group since deleted) answers 404: say so, not load for ever.
        <Alert color="red" variant="light" role="alert" data-testid="report-error">
          {errorText(report.error)}
        </Alert>
      ) : !data ? (
        <NamedLoader label={t('loading')} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="report-period">
            {t('compliance.period', {
              from: formatDate(data.from, i18n.language),
              to: formatDate(data.to, i18n.language),
            })}
          </Text>
          <FigureCards totals={data.totals} filters={filters} />
          <TrendChart trend={data.trend} />
          <SegmentedControl
            aria-label={t('breakdown.by')}
            value={by}
            onChange={(v) => setBy(v)}
            data={(['training', 'group', 'company'] as const).map((k) => ({
              value: k,
              label: t(`breakdown.per.${k}`),
            }))}
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          />
          <Box data-testid="report-breakdown">
            <BreakdownTable rows={rows} kind={by} filters={filters} />
          </Box>
        </>
      )}
    </Stack>
  );
}
