import { asEachLearner } from '../learners';
import type { BenchScenario } from '../types';

let ipCounter = 0;

/**
 * The n-th sign-in's body: each request signs in another of the seeded participants, as a morning's sign-ins do
 * (bench/seed.ts: users 1-3 are staff, every tenth is inactive and is skipped). One user signing in 100 times a second
 * updated one row 100 times a second, which no tenant does: on PostgreSQL each sign-in then took 16.1 ms of the
 * server's CPU and 2.2 ms of the database's, against 14.5 and 1.7 ms for different users (2026-11-28, 2,000 users).
 */
function signInBody(n: number, users: number, password: string): string {
  // The n-th of the active participants 4, 5, ..., 9, 11, ...: n and n + 1 never name one account, whose second check
  // would be refused while its first runs (auth/login-slots.ts).
  const active = Math.max(1, users - 3 - Math.floor(users / 10));
  const k = n % active;
  const user = 4 + k + Math.floor((k + 3) / 9);
  return JSON.stringify({ emailOrUsername: `bench-user-${user}@bench.example`, password });
}

/** Issue 2: sign-in, the current user, the current client. */
export const scenarios: BenchScenario[] = [
  {
    name: 'login',
    prepare: async (ctx) => {
      await Promise.resolve();
      return {
        method: 'POST',
        path: '/api/user/login',
        headers: { host: ctx.host, 'content-type': 'application/json' },
        body: signInBody(0, ctx.scale.users, ctx.password),
        // The per-IP limit (30 a minute) is real; each request comes from another forwarded address.
        setupRequest: (req) => {
          ipCounter++;
          return {
            ...req,
            body: signInBody(ipCounter, ctx.scale.users, ctx.password),
            headers: {
              ...req.headers,
              'x-forwarded-for': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
            },
          };
        },
      };
    },
  },
  {
    // Each request as another learner: the session check's short cache serves one user's repeated requests only.
    name: 'user-info',
    prepare: (ctx) => asEachLearner(ctx, '/api/user/info'),
  },
  {
    name: 'client-current',
    prepare: async (ctx) => {
      await Promise.resolve();
      return { path: '/api/client/current', headers: { host: ctx.host } };
    },
  },
];
