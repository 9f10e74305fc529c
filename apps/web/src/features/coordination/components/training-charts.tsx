import '@mantine/charts/styles.css';
import type { TTrainingStatistics } from '@lms/contracts/trainings';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

// Issue "Trainings and the learner journey", point 4: the training's status distribution and its completions over
// time as charts. The charts are pictures of numbers the page also gives as text: the donut's legend is a table of
// the counts, and the completions chart has a caption summarising it and a visually hidden table of its points. The
// charts themselves are hidden from assistive technology (and, without recharts' accessibility layer, unfocusable).

const STATUSES = [
  { key: 'completed', status: 'COMPLETED', color: 'teal.7' },
  { key: 'started', status: 'STARTED', color: 'primary.6' },
  { key: 'pending', status: 'PENDING', color: 'gray.5' },
  { key: 'optional', status: 'OPTIONAL', color: 'yellow.5' },
  { key: 'expired', status: 'EXPIRED', color: 'red.7' },
] as const;

function StatusChart({ stats }: { stats: TTrainingStatistics }) {
  const { t, i18n } = useTranslation('trainings');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const total = stats.counts.participants;
  const data = STATUSES.map((s) => ({ name: t(`status.${s.status}`), value: stats.counts[s.key], color: s.color }));
  const shown = data.filter((d) => d.value > 0);
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby="chart-status-title">
      <Title order={3} size="h4" id="chart-status-title" mb="sm">
        {t('charts.statusTitle')}
      </Title>
      {total === 0 ? (
        <Text c="dimmed">{t('charts.noParticipants')}</Text>
      ) : (
        <Box
          style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-lg)', alignItems: 'center' }}
          data-testid="chart-status"
        >
          <Box aria-hidden style={{ flex: '0 0 auto' }}>
            <DonutChart
              data={shown}
              paddingAngle={shown.length > 1 ? 1 : 0}
              strokeWidth={shown.length > 1 ? 1 : 0}
              fz="lg"
              fw={650}
              size={150}
              thickness={26}
              withTooltip={false}
              chartLabel={number.format(total)}
              pieChartProps={{ accessibilityLayer: false }}
              pieProps={{ rootTabIndex: -1 }}
            />
          </Box>
          <Table data-chart="status" withRowBorders={false} verticalSpacing={4} w="auto" style={{ flex: '1 1 220px' }}>
            <VisuallyHidden component="caption">{t('charts.statusTitle')}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('participants.status')}</Table.Th>
                <Table.Th ta="right">{t('figures.participants')}</Table.Th>
                <Table.Th ta="right">{t('charts.share')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((d, i) => (
                <Table.Tr key={STATUSES[i]?.status} data-status={STATUSES[i]?.status}>
                  <Table.Td>
                    <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                      <ColorSwatch aria-hidden color={`var(--mantine-color-${d.color.replace('.', '-')})`} size={12} />
                      {d.name}
                    </Box>
                  </Table.Td>
                  <Table.Td ta="right">{number.format(d.value)}</Table.Td>
                  <Table.Td ta="right">{percent.format(d.value / total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

function CompletionsChart({ stats }: { stats: TTrainingStatistics }) {
  const { t, i18n } = useTranslation('trainings');
  const number = new Intl.NumberFormat(i18n.language);
  const points = stats.completions;
  const total = points.at(-1)?.cumulative ?? 0;
  const dateOf = (date: string) => formatDate(date, i18n.language);
  const data = points.map((p) => ({ ...p, label: dateOf(p.date) }));
  const withCompletions = points.filter((p) => p.completions > 0);
  const summary =
    total === 0 || !stats.from
      ? ''
      : t(stats.interval === 'week' ? 'charts.completionsSummaryWeeks' : 'charts.completionsSummary', {
          count: total,
          total: number.format(total),
          from: dateOf(stats.from),
          to: dateOf(stats.to),
        });
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby="chart-completions-title">
      <Title order={3} size="h4" id="chart-completions-title" mb="sm">
        {t('charts.completionsTitle')}
      </Title>
      {total === 0 ? (
        <Text c="dimmed">{t('charts.noCompletions')}</Text>
      ) : (
        <>
          <Box aria-hidden data-testid="chart-completions">
            <AreaChart
              h={180}
              data={data}
              dataKey="label"
              series={[{ name: 'cumulative', label: t('charts.cumulative'), color: 'primary.6' }]}
              curveType="stepAfter"
              withDots={false}
              withTooltip={false}
              gridAxis="x"
              tickLine="none"
              // Whole numbers only, and no more ticks than there are (one completion: 0 and 1).
              yAxisProps={{
                allowDecimals: false,
                width: 40,
                domain: [0, 'dataMax'],
                tickCount: Math.min(5, total + 1),
              }}
              xAxisProps={{ minTickGap: 24 }}
              valueFormatter={(v) => number.format(v)}
              areaChartProps={{ accessibilityLayer: false }}
            />
          </Box>
          <Text component="figcaption" size="sm" c="dimmed" mt="xs">
            {summary}
          </Text>
          <VisuallyHidden>
            <table data-chart="completions">
              <caption>{t('charts.completionsTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(stats.interval === 'week' ? 'charts.weekOf' : 'charts.day')}</th>
                  <th scope="col">{t('charts.completions')}</th>
                  <th scope="col">{t('charts.cumulative')}</th>
                </tr>
              </thead>
              <tbody>
                {withCompletions.map((p) => (
                  <tr key={p.date}>
                    <td>{dateOf(p.date)}</td>
                    <td>{number.format(p.completions)}</td>
                    <td>{number.format(p.cumulative)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}

/** The two charts side by side (one above the other on a phone). */
export function TrainingCharts({ stats }: { stats: TTrainingStatistics }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <StatusChart stats={stats} />
      <CompletionsChart stats={stats} />
    </SimpleGrid>
  );
}

export default TrainingCharts;
