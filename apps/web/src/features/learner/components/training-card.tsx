import type { TUserTraining } from '@lms/contracts/trainings';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CourseCover } from '../../../components/course-cover';
import { StatusBadge } from '../../../components/training-status-badge';
import { ValidityText } from '../../../components/validity-text';
import { formatDate, formatMinutes, todayIso } from '../../../lib/format';
import { continueTarget } from './continue-target';
import { DeadlineText } from './deadline-text';
import { TrainingProgress } from './training-progress';

/** One of "my trainings" on the dashboard: status, progress, deadline and the way on. */
export function TrainingCard({ training }: { training: TUserTraining }) {
  const { t, i18n } = useTranslation('learner');
  const next = continueTarget(training);
  const actionLabel = t(`training.actions.${next.action}`);
  const startsLater = training.startDate !== null && training.startDate > todayIso();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`training-${training.id}`}>
      <Card.Section mb="sm">
        <CourseCover courseId={training.courseId} coverUrl={training.coverUrl} width={480} />
      </Card.Section>
      <Stack gap="sm" style={{ flexGrow: 1 }}>
        <Stack gap={6} align="flex-start">
          <StatusBadge status={training.status} />
          <Title order={3} size="h4" id={`training-${training.id}`} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/training/${training.id}`} inherit>
              {training.title}
            </Anchor>
          </Title>
        </Stack>
        {training.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {training.description}
          </Text>
        )}
        <Stack gap={2}>
          {startsLater && (
            <Text size="sm">{t('training.startsOn', { date: formatDate(training.startDate, i18n.language) })}</Text>
          )}
          <DeadlineText deadline={training.deadline} status={training.status} />
          <ValidityText validity={training.validity} validUntil={training.validUntil} />
          {training.durationMinutes !== null && (
            <Text size="sm">
              {t('training.duration', { duration: formatMinutes(training.durationMinutes, i18n.language) })}
            </Text>
          )}
        </Stack>
        <TrainingProgress training={training} />
        <Group mt="auto" justify="flex-end">
          <Button
            component={Link}
            to={next.to}
            variant={next.action === 'open' ? 'default' : 'filled'}
            aria-label={`${actionLabel}: ${training.title}`}
          >
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
