import { mkdirSync, openSync, closeSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Ports for the servers that tests start as processes come from below Linux's ephemeral range (32768–60999 by
// default, /proc/sys/net/ipv4/ip_local_port_range). A port the kernel hands out for listen(0) lies inside that
// range, and between the check here and the child's own listen() an outgoing connection of any other test (to
// PostgreSQL, SMTP, S3) could take it as its local port: CI saw `EADDRINUSE` that way. Below the range only
// another caller of this function could pick the same port, so each pick is reserved for a while by a file that
// only one process can create (O_EXCL), shared by all test workers of the machine.
const LOW = 20_000;
const HIGH = 32_000;
/** Long enough for a child to start and bind; after that a taken port fails the listen check anyway. */
const RESERVED_MS = 5 * 60_000;
const reservations = path.join(tmpdir(), 'lms-test-ports');

function reserve(port: number): boolean {
  const file = path.join(reservations, String(port));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    // Taken by another worker; a reservation older than RESERVED_MS is stale and may be renewed.
    try {
      if (Date.now() - statSync(file).mtimeMs < RESERVED_MS) return false;
      const now = new Date();
      utimesSync(file, now, now);
      return true;
    } catch {
      return false;
    }
  }
}

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on now, outside the range of outgoing connections' ports. */
export async function freePort(): Promise<number> {
  mkdirSync(reservations, { recursive: true });
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (reserve(port) && (await tryListen(port))) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
