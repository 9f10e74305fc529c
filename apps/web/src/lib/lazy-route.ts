import { CHUNK_LOAD_TIMEOUT_MS } from '@lms/contracts/constants';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page's code did not arrive (spec section 9: 120 s timeout); the error page offers a reload. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('The page code could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err));
      },
    );
  });
}

/**
 * Route-level code splitting: `lazyPage(() => import('./pages/login-page'), 'LoginPage')` loads the named
 * export on first render, failing after CHUNK_LOAD_TIMEOUT_MS.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((mod) => ({ default: mod[name] as unknown as ComponentType })),
  );
}

/**
 * One entry of an area's route list (`features/<area>/routes.tsx`). Whether a path is public, skips the auth
 * redirect or stays open during a forced password change is decided by the path (lib/route-rules.ts), so the
 * rules also hold for paths without a page. `chrome` picks the frame: 'shell' (default; the menu frame, which
 * falls back to the plain frame for a signed-out visitor of a public page) or 'plain' (the sign-in screens).
 */
export interface AppRoute {
  path: string;
  Page: ComponentType;
  chrome?: 'shell' | 'plain';
}
