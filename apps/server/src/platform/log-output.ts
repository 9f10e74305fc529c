import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * How the server logs. A person at a terminal in development reads lines (pino-pretty: time, level, message); a
 * pipe, a file, a test harness and production get one JSON object per line, which log tools and tests parse. One
 * options object for both servers of the process, so they share one pretty stream. `destination` (stdout when
 * absent) is for tests.
 */
export function logOutput(opts: {
  level: string;
  env: string;
  isTTY: boolean;
  destination?: NodeJS.WritableStream;
}): LoggerOptions {
  if (!opts.isTTY || opts.env === 'production') return { level: opts.level };
  const stream = pretty({
    colorize: opts.destination === undefined,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    sync: true,
    destination: opts.destination ?? 1,
  });
  return { level: opts.level, stream };
}
