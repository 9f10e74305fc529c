import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './harness';

export interface JourneyOptions {
  /** Settings of this file's server (startServer's extraEnv); a function when they are known only at start. */
  env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv | Promise<NodeJS.ProcessEnv>);
  /** Keep the demo training (startServer's keepDemoTraining). */
  keepDemoTraining?: boolean;
}

/**
 * A stand-in for what beforeAll makes: every property is read from the real object once it exists, so a file names
 * `server` and `browser` at its top as before, and a use before beforeAll fails with this message rather than
 * `undefined`. Hand-written: a plain object with getters would make every file write `journey.server`.
 */
export function startedLater<T extends object>(name: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error(`the journey's ${name} is used before its beforeAll started it`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    // A test may set what the started thing reads (the SMTP server's `onRecipient`): it goes to that thing.
    set(_, key, value) {
      const target = current();
      if (!target) throw new Error(`the journey's ${name} is used before its beforeAll started it`);
      return Reflect.set(target, key, value, target);
    },
  });
}

/**
 * The set-up of a browser journey file: its own server (own database and ports, demo data) and Chromium, started side
 * by side before the file's tests and stopped after them. Hooks the file registers later run after the start and,
 * Vitest's after-hooks running in reverse, before the stop.
 *
 *   const { server, browser } = useJourney();
 */
export function useJourney(opts: JourneyOptions = {}): { server: TestServer; browser: Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const env = typeof opts.env === 'function' ? await opts.env() : opts.env;
    [server, browser] = await Promise.all([
      startServer(env, { keepDemoTraining: opts.keepDemoTraining }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: startedLater('server', () => server), browser: startedLater('browser', () => browser) };
}
