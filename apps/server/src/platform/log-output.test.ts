import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logOutput } from './log-output';

describe('logOutput', () => {
  it('logs JSON (pino to stdout) when stdout is not a terminal, and always in production', () => {
    expect(logOutput({ level: 'info', env: 'development', isTTY: false })).toEqual({ level: 'info' });
    expect(logOutput({ level: 'warn', env: 'test', isTTY: false })).toEqual({ level: 'warn' });
    expect(logOutput({ level: 'info', env: 'production', isTTY: true })).toEqual({ level: 'info' });
  });

  it('logs readable lines through pino-pretty at a terminal outside production', async () => {
    const destination = new PassThrough();
    let written = '';
    destination.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const app = Fastify({ logger: logOutput({ level: 'debug', env: 'development', isTTY: true, destination }) });
    app.log.info({ signal: 'SIGTERM' }, 'shutting down');
    app.log.debug('debug shows at level debug');
    await new Promise((r) => setImmediate(r));
    await app.close();
    expect(written).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: shutting down\n {4}signal: "SIGTERM"\n/);
    expect(written).toContain('DEBUG: debug shows at level debug');
    expect(written).not.toContain('{"level"');
  });
});
