import { hashPassword, verifyPassword } from '../apps/server/src/platform/passwords';

/**
 * Bare argon2id verify throughput on this machine: `concurrency` verifications at once for `seconds`, with the
 * server's own parameters (platform/passwords.ts), so the login figure reads against the hash it cannot avoid.
 */
export async function measureArgon2Verify(
  concurrency: number,
  seconds: number,
  warmUpSeconds: number,
): Promise<number> {
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
    await Promise.all(Array.from({ length: concurrency }, worker));
    return Math.round((done * 1000) / (Date.now() - started));
  };
  // Warmed up as the login scenario is (bench/run.ts driveMeasured).
  await run(warmUpSeconds);
  return run(seconds);
}
