import { Box } from '@mantine/core';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';

/** How long leaving waits for the content to finish its unload handlers (they commit by beacon). */
const UNLOAD_WAIT_MS = 1_500;

/**
 * The player frame's unload: content saves its state in beforeunload and unload handlers, and a removed frame gets
 * no beforeunload. So the frame is navigated away first, which runs them all as closing a tab would, and only then
 * removed; an in-app navigation away from the page waits for that.
 */
export function usePlayerUnload(): { frame: RefObject<HTMLIFrameElement | null>; unloadPlayer: () => Promise<void> } {
  const frame = useRef<HTMLIFrameElement>(null);
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
  return { frame, unloadPlayer };
}

interface Props {
  frame: RefObject<HTMLIFrameElement | null>;
  launchUrl: string;
  title: string;
}

/**
 * The player on the content origin in a frame of the app page (ARCHITECTURE section 6): the frame gets nothing of
 * the app's session, only the launch URL with its short-lived token. SCORM packages and PDF modules alike.
 */
export function ModulePlayerFrame({ frame, launchUrl, title }: Props) {
  return (
    <Box
      component="iframe"
      ref={frame}
      key={launchUrl}
      src={launchUrl}
      title={title}
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
  );
}
