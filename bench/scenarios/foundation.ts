import type { BenchScenario } from '../types';

let ipCounter = 0;

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
        body: JSON.stringify({ emailOrUsername: 'bench-user-1@bench.example', password: ctx.password }),
        // The per-IP limit (30 a minute) is real; each request comes from another forwarded address.
        setupRequest: (req) => {
          ipCounter++;
          return {
            ...req,
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
    name: 'user-info',
    prepare: async (ctx) => ({
      path: '/api/user/info',
      headers: { host: ctx.host, authorization: `Bearer ${await ctx.signIn('bench-user-2@bench.example')}` },
    }),
  },
  {
    name: 'client-current',
    prepare: async (ctx) => {
      await Promise.resolve();
      return { path: '/api/client/current', headers: { host: ctx.host } };
    },
  },
];
