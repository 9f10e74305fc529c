import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/platform/deps';

/**
 * An app whose every log line at the most verbose level (trace) is kept in `lines`: the secrecy tests look for a
 * secret in them. The caller closes the app.
 */
export async function buildLoggedApp(deps: AppDeps): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(deps, { logger: { level: 'trace', stream } });
  await app.ready();
  return { app, lines };
}
