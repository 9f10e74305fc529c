import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { freePort } from './free-port';

export interface ServerProcess {
  port: number;
  contentPort: number;
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Sends the signal and resolves with the exit code and the time it took. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts the real server (`src/main.ts`) as its own process, as `npm start` does, and waits for its health check.
 * `env.PORT` and `env.CONTENT_PORT` fix the ports (a process restarted behind a load balancer); else two free ones.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  nodeArgs: readonly string[] = [],
  startTimeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  const contentPort = Number(env.CONTENT_PORT) || (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_PORT: String(contentPort),
      CONTENT_ORIGIN: `http://127.0.0.1:${contentPort}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    contentPort,
    baseUrl,
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      const started = Date.now();
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
  };
}

/** A request with an explicit Host header (fetch may not set Host), answering status and parsed JSON. */
export function requestJson(
  baseUrl: string,
  opts: {
    method?: string;
    path: string;
    host: string;
    body?: unknown;
    token?: string;
    /** A body sent as it is (a multipart upload) with its own content type. */
    raw?: { payload: Buffer; headers: Record<string, string> };
    headers?: Record<string, string>;
  },
): Promise<{ status: number; body: unknown }> {
  const url = new URL(opts.path, baseUrl);
  const payload = opts.raw ? opts.raw.payload : opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: opts.method ?? (payload ? 'POST' : 'GET'),
        headers: {
          host: opts.host,
          ...(opts.raw ? opts.raw.headers : payload ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => {
          let body: unknown = data;
          try {
            body = JSON.parse(data);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
