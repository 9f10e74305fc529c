import '@mantine/charts/styles.css';
import type { TCompliance } from '@lms/contracts/reports';
import { BarChart } from '@mantine/charts';
import { Box, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * The weekly trend: completions in the client's brand colour (the theme's `primary`) and the overdue at each week's
 * end. The chart is a picture of numbers the page also gives as text (a caption and a hidden table), hidden from
 * assistive technology as the training page's charts are.
 */
export function TrendChart({ trend }: { trend: TCompliance['trend'] }) {
  const { t, i18n } = useTranslation('reports');
  const number = new Intl.NumberFormat(i18n.language);
  const data = trend.map((w) => ({ ...w, label: formatDate(w.week, i18n.language) }));
  const completions = trend.reduce((n, w) => n + w.completions, 0);
  const last = trend.at(-1);
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby="report-trend-title">
      <Title order={2} size="h4" id="report-trend-title" mb="sm">
        {t('trend.title')}
      </Title>
      <Box aria-hidden data-testid="report-trend">
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[
            { name: 'completions', label: t('trend.completions'), color: 'primary.6' },
            { name: 'overdue', label: t('trend.overdue'), color: 'red.7' },
          ]}
          withLegend
          withTooltip={false}
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false, width: 40 }}
          xAxisProps={{ minTickGap: 16 }}
          valueFormatter={(v) => number.format(v)}
          barChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        {t('trend.summary', {
          count: completions,
          completions: number.format(completions),
          overdue: number.format(last?.overdue ?? 0),
          weeks: trend.length,
        })}
      </Text>
      <VisuallyHidden>
        <table data-chart="trend">
          <caption>{t('trend.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.weekOf')}</th>
              <th scope="col">{t('trend.completions')}</th>
              <th scope="col">{t('trend.overdue')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((w) => (
              <tr key={w.week}>
                <td>{w.label}</td>
                <td>{number.format(w.completions)}</td>
                <td>{number.format(w.overdue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}

export default TrendChart;
