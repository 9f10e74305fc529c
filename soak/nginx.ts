import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Nginx {
  appUrl: string;
  contentUrl: string;
  stop: () => Promise<void>;
}

/** nginx from Debian (`apt-get install nginx-light`), as `.ci/run` installs it. */
export function nginxBinary(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  throw new Error('nginx is not installed: apt-get install -y nginx-light (.ci/run does it where missing)');
}

/** Starts nginx in the foreground on the two ports, from soak/nginx.conf.template, over the processes' ports. */
export async function startNginx(opts: {
  appPort: number;
  contentPort: number;
  upstreams: { port: number; contentPort: number }[];
}): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'lms-soak-nginx-'));
  // The workers run as nobody when the master is root: their temp folders must be theirs to write.
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, d));
  chmodSync(prefix, 0o777);
  const server = (port: number) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`;
  const conf = readFileSync(path.join(here, 'nginx.conf.template'), 'utf8')
    .replaceAll('{{prefix}}', prefix)
    .replaceAll('{{appPort}}', String(opts.appPort))
    .replaceAll('{{contentPort}}', String(opts.contentPort))
    .replaceAll('{{appServers}}', opts.upstreams.map((u) => server(u.port)).join('\n'))
    .replaceAll('{{contentServers}}', opts.upstreams.map((u) => server(u.contentPort)).join('\n'));
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, conf);
  const bin = nginxBinary();
  const test = spawnSync(bin, ['-t', '-q', '-p', prefix, '-c', file], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const child: ChildProcess = spawn(bin, ['-p', prefix, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const appUrl = `http://127.0.0.1:${opts.appPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
    const up = await fetch(`${appUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    appUrl,
    contentUrl: `http://127.0.0.1:${opts.contentPort}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
