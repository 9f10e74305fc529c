import type { TUserTraining } from '@lms/contracts/trainings';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Completed required modules of all required ones, as a bar and in words (the bar alone tells a screen reader little). */
export function TrainingProgress({ training }: { training: TUserTraining }) {
  const { t, i18n } = useTranslation('learner');
  const { completed, required } = training.progress;
  const share = required > 0 ? completed / required : 0;
  const percent = Math.round(share * 100);
  const words = t('training.progress', { completed, count: required });
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{words}</Text>
        <Text size="sm" fw={600} aria-hidden>
          {new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(share)}
        </Text>
      </Group>
      <Progress value={percent} aria-label={words} color={training.status === 'COMPLETED' ? 'green' : undefined} />
    </Stack>
  );
}
