import type { TTrainingCounts } from '@lms/contracts/trainings';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const FIGURES = ['participants', 'pending', 'started', 'completed', 'optional', 'expired'] as const;

/** How many participants are in each status, as figures (a description list: the label names the number). */
export function TrainingFigures({ counts }: { counts: TTrainingCounts }) {
  const { t, i18n } = useTranslation('trainings');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid component="dl" cols={{ base: 2, xs: 3, md: 6 }} spacing="sm" m={0}>
      {FIGURES.map((key) => (
        <Paper key={key} withBorder radius="md" p="sm">
          <Text component="dt" size="sm" c="dimmed">
            {t(`figures.${key}`)}
          </Text>
          <Text component="dd" m={0} fz={28} fw={650} lh={1.2} data-figure={key}>
            {number.format(counts[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
