import { createTestDb } from '../../apps/server/test/test-db';
import { scenarios } from '../scenarios/trainings';
import { seedBenchClient } from '../seed';
async function main() {
  const scale = { users: 20000, groups: 100, courses: 20, trainings: 50 };
  const t = await createTestDb('postgres');
  console.log('DB', t.databaseUrl);
  const clientId = await seedBenchClient(t.db, 'bench.localhost', scale, 'Bench-Passw0rd!');
  const t0 = Date.now();
  await scenarios.find((s) => s.name === 'learner-dashboard')!.seed!(t.db, clientId, scale);
  console.log('scenario seed ms', Date.now() - t0);
  await t.close();
}
void main();
