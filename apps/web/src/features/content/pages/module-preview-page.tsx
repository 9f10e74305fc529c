import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ModulePlayerFrame, usePlayerUnload } from '../../../components/module-player';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { previewModule, useCourse } from '../api/courses';

/**
 * A content master's preview (issue 5): the player runs on the content origin in a frame of this page. The frame
 * gets nothing of the app's session: only the launch URL with its short-lived token (ARCHITECTURE section 6).
 */
export function ModulePreviewPage() {
  const { t } = useTranslation('courses');
  const errorText = useErrorText();
  const { id = '', moduleId = '' } = useParams();
  const course = useCourse(id);
  const module = course.data?.modules.find((m) => m.id === moduleId);
  const [restarts, setRestarts] = useState(0);
  const { frame, unloadPlayer } = usePlayerUnload();
  // One launch per visit (and per restart); gcTime 0 so a later visit mints a fresh token.
  const launch = useQuery({
    queryKey: ['module-preview', id, moduleId, restarts],
    queryFn: () => previewModule(id, moduleId, restarts > 0),
    staleTime: Infinity,
    gcTime: 0,
  });
  const title = t('preview.title', { title: module?.title ?? '' });
  usePageTitle(title);

  const restart = async () => {
    await unloadPlayer();
    setRestarts((n) => n + 1);
  };

  return (
    <Stack h="100%">
      <div>
        <Anchor component={Link} to={`/content/courses/${id}/modules`} size="sm">
          {t('preview.back')}
        </Anchor>
        <Group justify="space-between" align="flex-end" mt={4}>
          <Title order={1}>{title}</Title>
          <Button variant="default" onClick={() => void restart()} loading={launch.isFetching}>
            {t('preview.restart')}
          </Button>
        </Group>
      </div>
      {launch.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(launch.error)}
        </Alert>
      )}
      {launch.isPending && <PageLoader />}
      {launch.data && (
        <ModulePlayerFrame
          frame={frame}
          launchUrl={launch.data.launchUrl}
          title={t('preview.frameTitle', { title: module?.title ?? '' })}
        />
      )}
    </Stack>
  );
}
