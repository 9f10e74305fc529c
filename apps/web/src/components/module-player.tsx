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

/** When the app reads the status again after a player message: at once, and later for a beacon still in flight. */
const REFRESH_AFTER_COMMIT_MS = [0] as const;
const REFRESH_AFTER_BEACON_MS = [150, 500, 1_200] as const;

/**
 * The player tells its parent page when a commit was answered or sent as a beacon (player.js `tellApp`), with no
 * data. Only messages from this frame's window on the content origin count. `onCommit` runs after each, and for a
 * beacon (answered by nobody) a few times more while it lands, so the page shows a finished module within a second.
 */
export function usePlayerCommits(
  frame: RefObject<HTMLIFrameElement | null>,
  launchUrl: string | undefined,
  onCommit: () => void,
): void {
  const latest = useRef(onCommit);
  latest.current = onCommit;
  useEffect(() => {
    if (!launchUrl) return;
    const origin = new URL(launchUrl, window.location.href).origin;
    const timers = new Set<number>();
    const listener = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return;
      const data: unknown = e.data;
      if (typeof data !== 'object' || data === null || (data as { lms?: unknown }).lms !== 'player') return;
      const delays =
        (data as { event?: unknown }).event === 'beacon' ? REFRESH_AFTER_BEACON_MS : REFRESH_AFTER_COMMIT_MS;
      for (const ms of delays) {
        const id = window.setTimeout(() => {
          timers.delete(id);
          latest.current();
        }, ms);
        timers.add(id);
      }
    };
    window.addEventListener('message', listener);
    return () => {
      window.removeEventListener('message', listener);
      for (const id of timers) window.clearTimeout(id);
    };
  }, [frame, launchUrl]);
}
