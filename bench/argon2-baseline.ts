import { hashPassword, verifyPassword } from '../apps/server/src/platform/passwords';
import { cpuPerCall, cpuSnapshot } from './cpu-split';

/**
 * Bare argon2id verify throughput on this machine: `concurrency` verifications at once for `seconds`, with the
 * server's own parameters (platform/passwords.ts), so the login figure reads against the hash it cannot avoid.
 * Also the machine's CPU per verify (null where /proc cannot be read).
 */
export async function measureArgon2Verify(
  concurrency: number,
  seconds: number,
  warmUpSeconds: number,
): Promise<{ perSecond: number; machineMs: number | null }> {
  const stored = await hashPassword('Bench-Passw0rd!');
  const run = async (runSeconds: number) => {
    const until = Date.now() + runSeconds * 1000;
    let done = 0;
    const worker = async () => {
      while (Date.now() < until) {
        await verifyPassword(stored, 'Bench-Passw0rd!');
        done++;
      }
    };
    const started = Date.now();
    const before = cpuSnapshot(undefined);
    await Promise.all(Array.from({ length: concurrency }, worker));
    const after = cpuSnapshot(undefined);
    return {
      perSecond: Math.round((done * 1000) / (Date.now() - started)),
      machineMs: before && after ? cpuPerCall(before, after, done).machine : null,
    };
  };
  // Warmed up as the login scenario is (bench/run.ts driveMeasured).
  await run(warmUpSeconds);
  return run(seconds);
}
