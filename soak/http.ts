import { Agent, request } from 'node:http';
import type { Stats } from './stats';

/**
 * The virtual users' HTTP client: node:http with keep-alive, since fetch cannot send a Host header (the tenant is
 * named by it). Every request is timed and recorded under its type; a refused, reset or timed-out connection is
 * recorded as status 0 and answered as such, never thrown, so a user can retry as a person would.
 */
export interface Answer {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  json: <T>() => T;
}

export interface Call {
  type: string;
  method?: string;
  /** A full URL (the content origin's launch URL) or a path on `base`. */
  url: string;
  host?: string;
  token?: string;
  body?: unknown;
  raw?: { payload: Buffer; headers: Record<string, string> };
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export class SoakHttp {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });

  constructor(
    private readonly stats: Stats,
    readonly base: string,
  ) {}

  call(c: Call): Promise<Answer> {
    const url = new URL(c.url, this.base);
    const payload = c.raw ? c.raw.payload : c.body === undefined ? undefined : Buffer.from(JSON.stringify(c.body));
    const started = Date.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number, body: Buffer, headers: Answer['headers'] = {}) => {
        if (settled) return;
        settled = true;
        this.stats.record({ type: c.type, at: started, ms: Date.now() - started, status });
        resolve({ status, body, headers, json: <T>() => JSON.parse(body.toString('utf8')) as T });
      };
      const req = request(
        url,
        {
          agent: this.agent,
          method: c.method ?? (payload ? 'POST' : 'GET'),
          headers: {
            ...(c.host ? { host: c.host } : {}),
            ...(c.raw ? c.raw.headers : payload ? { 'content-type': 'application/json' } : {}),
            ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
            ...c.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks), res.headers));
          res.on('error', () => done(0, Buffer.alloc(0)));
        },
      );
      req.setTimeout(c.timeoutMs ?? 60_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => done(0, Buffer.alloc(0)));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
