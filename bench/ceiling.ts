import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Ceiling {
  url: string;
  pid: number;
  /** Makes /ceiling answer this JSON from now on. */
  serve: (body: unknown) => Promise<void>;
  close: () => Promise<void>;
}

/** Starts bench/ceiling-server.ts as its own process, as the app server runs (node --import tsx). */
export async function startCeiling(nodeArgs: readonly string[] = []): Promise<Ceiling> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, 'ceiling-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /CEILING (\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`ceiling exited (${code}): ${out}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    serve: async (body) => {
      const res = await fetch(`${url}/body`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? null),
      });
      if (!res.ok) throw new Error(`ceiling: ${res.status}`);
    },
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
