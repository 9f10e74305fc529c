import { Alert, Anchor, Box, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { previewModule, useCourse } from '../api/courses';

/** How long leaving waits for the content to finish its unload handlers (they commit by beacon). */
const UNLOAD_WAIT_MS = 1_500;

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
  const frame = useRef<HTMLIFrameElement>(null);
  // One launch per visit (and per restart); gcTime 0 so a later visit mints a fresh token.
  const launch = useQuery({
    queryKey: ['module-preview', id, moduleId, restarts],
    queryFn: () => previewModule(id, moduleId, restarts > 0),
    staleTime: Infinity,
    gcTime: 0,
  });
  const title = t('preview.title', { title: module?.title ?? '' });
  usePageTitle(title);

  /**
   * Content saves its state in beforeunload and unload handlers, and a removed frame gets no beforeunload. So the
   * frame is navigated away first, which runs them all as closing a tab would, and only then removed.
   */
  const unloadPlayer = useCallback(
    () =>
      new Promise<void>((resolve) => {
        const el = frame.current;
        if (!el || el.getAttribute('src') === 'about:blank') return resolve();
        const done = () => resolve();
        el.addEventListener('load', done, { once: true });
        window.setTimeout(done, UNLOAD_WAIT_MS);
        el.setAttribute('src', 'about:blank');
      }),
    [],
  );

  const blocker = useBlocker(() => frame.current !== null);
  useEffect(() => {
    if (blocker.state === 'blocked') void unloadPlayer().then(() => blocker.proceed());
  }, [blocker, unloadPlayer]);

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
        <Box
          component="iframe"
          ref={frame}
          key={launch.data.launchUrl}
          src={launch.data.launchUrl}
          title={t('preview.frameTitle', { title: module?.title ?? '' })}
          allow="fullscreen"
          referrerPolicy="no-referrer"
          style={{
            width: '100%',
            minHeight: 560,
            height: 'calc(100vh - 230px)',
            border: '1px solid var(--mantine-color-gray-4)',
          }}
          data-testid="module-player"
        />
      )}
    </Stack>
  );
}
