import type { TComplianceFigures } from '@lms/contracts/reports';
import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryString } from '../../../lib/http';
import type { ReportParams } from '../api/report-params';

const CARDS = [
  { key: 'assigned', rate: null, state: null, color: undefined },
  { key: 'completed', rate: 'completedRate', state: null, color: 'teal.8' },
  { key: 'overdue', rate: 'overdueRate', state: 'overdue', color: 'red.8' },
  { key: 'expiring', rate: 'expiringRate', state: 'expiring', color: 'orange.9' },
  { key: 'expired', rate: 'expiredRate', state: 'expired', color: 'red.9' },
] as const;

/** The totals as five figures; overdue, expiring and expired open the list of those people, with the same filters. */
export function FigureCards({ totals, filters }: { totals: TComplianceFigures; filters: ReportParams }) {
  const { t, i18n } = useTranslation('reports');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="report-figures">
      {CARDS.map((c) => (
        <Paper key={c.key} withBorder radius="md" p="sm" data-figure={c.key}>
          <Text size="sm" c="dimmed">
            {t(`figures.${c.key}`)}
          </Text>
          <Text fz={28} fw={650} c={c.color} lh={1.2}>
            {number.format(totals[c.key])}
          </Text>
          {c.rate && <Text size="sm">{t('figures.share', { rate: percent.format(totals[c.rate]) })}</Text>}
          {c.state && totals[c.key] > 0 && (
            <Anchor component={Link} size="sm" to={`/reports/attention${queryString({ ...filters, state: c.state })}`}>
              {t('figures.showList')}
            </Anchor>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
