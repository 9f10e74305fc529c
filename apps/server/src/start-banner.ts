import type { Db } from './db/database';

/**
 * The few lines a person starting the server needs, printed once it listens: the address that answers and, when
 * demo data was just seeded, how to sign in. The sockets' own addresses (127.0.0.1, the machine's IP) are not it:
 * a client is found by the host name of its platform domain, and the demo client's is `localhost`.
 */
export function startBanner(opts: {
  port: number;
  /** A client has the platform domain `localhost` (the demo client does). */
  servesLocalhost: boolean;
  /** Set when demo data was seeded by this start. */
  seeded?: { password: string; generated: boolean };
}): string {
  const lines = ['Training platform is running.', ''];
  if (opts.servesLocalhost) lines.push(`Open http://localhost:${opts.port}`);
  else lines.push(`Each client answers on its platform domain, port ${opts.port} (no client is on localhost).`);
  if (opts.seeded) {
    lines.push('', 'Demo data was just seeded. Sign in as admin@demo.example, for example;');
    lines.push('every demo login is listed in README.md.');
    lines.push(`Demo password: ${opts.seeded.generated ? opts.seeded.password : 'the value of LMS_DEMO_PASSWORD'}`);
  }
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 4)}+`;
  return ['', rule, ...lines.map((line) => `|  ${line.padEnd(width)}  |`), rule, ''].join('\n') + '\n';
}

/** Whether a client has this platform domain (stored lower case, without port). */
export async function hasClientAt(db: Db, domain: string): Promise<boolean> {
  const row = await db.selectFrom('clients').select('id').where('platform_domain', '=', domain).executeTakeFirst();
  return row !== undefined;
}
