import { readFileSync } from 'node:fs';

/**
 * Where the machine's CPU went during a measurement, from /proc (Linux; clock ticks of 1/100 s, USER_HZ). The login
 * figure reads against it: while every core is busy, sign-ins per second are the cores' time divided by the machine's
 * CPU per sign-in, and bare verifies per second the same time divided by one verify's CPU. So the share of a sign-in's
 * CPU that its hash takes bounds the ratio the login can reach, whatever the server does around the hash.
 */
export interface CpuSnapshot {
  /** Busy time of all cores: user, nice, system, irq and softirq (not idle, I/O wait or time stolen by a hypervisor). */
  machine: number;
  /** The server process, all threads. */
  server: number;
  /** The server's main thread (JavaScript, the event loop, SQLite's calls). */
  serverMain: number;
  /** This process: autocannon's client, or the bare verify. */
  bench: number;
}

const TICK_MS = 10;

/** utime + stime of a /proc/.../stat line, in ms (the fields after the command's closing parenthesis). */
function statMs(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function machineBusyMs(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq) * TICK_MS;
}

/** A snapshot, or null where /proc cannot be read (not Linux, or the server has gone). */
export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | null {
  try {
    return {
      machine: machineBusyMs(),
      server: serverPid ? statMs(`/proc/${serverPid}/stat`) : 0,
      serverMain: serverPid ? statMs(`/proc/${serverPid}/task/${serverPid}/stat`) : 0,
      bench: statMs('/proc/self/stat'),
    };
  } catch {
    return null;
  }
}

/** The CPU per call (ms) between two snapshots, split by where it went. */
export function cpuPerCall(before: CpuSnapshot, after: CpuSnapshot, calls: number) {
  const per = (ms: number) => ms / Math.max(1, calls);
  const server = after.server - before.server;
  const serverMain = after.serverMain - before.serverMain;
  const bench = after.bench - before.bench;
  const machine = after.machine - before.machine;
  return {
    machine: per(machine),
    /** The hash pool, and V8's own threads (garbage collection, compilation). */
    serverOtherThreads: per(server - serverMain),
    serverMain: per(serverMain),
    bench: per(bench),
    /** The database server (PostgreSQL) and whatever else the machine runs. */
    rest: per(machine - server - bench),
  };
}
