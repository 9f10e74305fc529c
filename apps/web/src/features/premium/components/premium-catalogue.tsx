import type { TPremiumCourse } from '@lms/contracts/premium';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CourseCover } from '../../../components/course-cover';
import { showApiError } from '../../../lib/error-text';
import { refreshPremium, startPremiumCourse, useCatalogue } from '../api/premium';

/**
 * The dashboard's catalogue of premium courses (DECISIONS "premium"): a premium user starts one, which makes it a
 * training of theirs; anyone else sees what premium opens and the way to it. Nothing when the client has none.
 */
export function PremiumCatalogue() {
  const { t } = useTranslation('premium');
  const catalogue = useCatalogue();
  if (!catalogue.data || catalogue.data.courses.length === 0) return null;
  const { premium, courses } = catalogue.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="premium-courses">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="premium-courses">
          {t('catalogue.title')}
        </Title>
        {!premium && (
          <Button component={Link} to="/premium">
            {t('catalogue.getPremium')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('catalogue.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        {courses.map((course) => (
          <CatalogueCard key={course.id} course={course} premium={premium} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CatalogueCard({ course, premium }: { course: TPremiumCourse; premium: boolean }) {
  const { t } = useTranslation('premium');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { trainingId } = await startPremiumCourse(course.id);
      await refreshPremium(queryClient);
      void navigate(`/training/${trainingId}`);
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };
  const titleId = `premium-course-${course.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Card.Section mb="sm">
        <CourseCover courseId={course.id} coverUrl={course.coverUrl} width={480} />
      </Card.Section>
      <Stack gap="sm" style={{ flexGrow: 1 }}>
        <Badge color="grape.9" variant="filled">
          {t('title')}
        </Badge>
        <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {course.title}
        </Title>
        {course.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {course.description}
          </Text>
        )}
        <Group mt="auto" justify="flex-end">
          {course.trainingId ? (
            <Button
              component={Link}
              to={`/training/${course.trainingId}`}
              variant="default"
              aria-label={t('catalogue.continueLabel', { title: course.title })}
            >
              {t('catalogue.continue')}
            </Button>
          ) : premium ? (
            <Button
              onClick={() => void start()}
              loading={busy}
              aria-label={t('catalogue.startLabel', { title: course.title })}
            >
              {t('catalogue.start')}
            </Button>
          ) : (
            <Alert color="gray" variant="light" p="xs">
              {t('catalogue.locked')}
            </Alert>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
