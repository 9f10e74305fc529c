import { LOGIN_TYPES } from '@lms/contracts/roles';
import { hashToken } from '../apps/server/src/platform/session';
import { newId, newSecretToken, nowIso } from '../apps/server/src/platform/ids';
import { requestJson } from '../apps/server/test/server-process';
import { insertChunked } from './seed';
import type { BenchContext, BenchRawRequest, BenchRequest } from './types';

/**
 * A signed-in session for every active participant of the bench client (bench/seed.ts: users 1-3 are staff, every
 * tenth is inactive), written straight into `sessions` as a sign-in would write it: signing in 100,000 learners over
 * HTTP would take an argon2 verify each. A read served per user (the dashboard, the session check) is then asked as
 * a different learner on each request, as a Monday morning asks it (issue 33: one learner every time measured only
 * the short cache). Made once per bench run and shared by the scenarios.
 */
let tokens: Promise<string[]> | null = null;

export function learnerTokens(ctx: BenchContext): Promise<string[]> {
  tokens ??= (async () => {
    const users = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', ctx.clientId)
      .where('role', '=', 'PARTICIPANT')
      .where('is_active', '=', true)
      // The seeded learners only: users a SCIM scenario provisioned sign in through Entra (an Access-Token each).
      .where('login_type', '=', LOGIN_TYPES.EMAIL)
      .orderBy('email')
      .execute();
    const now = nowIso();
    const made = users.map((u) => ({ token: newSecretToken(), userId: u.id }));
    await insertChunked(
      ctx.db,
      'sessions',
      made.map((m) => ({
        id: newId(),
        token_hash: hashToken(m.token),
        user_id: m.userId,
        client_id: ctx.clientId,
        created_at: now,
        last_seen_at: now,
        ip: null,
        user_agent: 'bench',
      })),
    );
    // Shuffled, so consecutive requests do not walk the index in order.
    const list = made.map((m) => m.token);
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  })();
  return tokens;
}

let turn = 0;

/** A GET of `path` that each request sends as the next of the seeded learners (one learner per request). */
export async function asEachLearner(ctx: BenchContext, path: string): Promise<BenchRequest> {
  const list = await learnerTokens(ctx);
  const bearer = (n: number) => `Bearer ${list[n % list.length]!}`;
  return {
    path,
    headers: { host: ctx.host, authorization: bearer(0) },
    setupRequest: (req: BenchRawRequest) => ({
      ...req,
      headers: { ...req.headers, authorization: bearer(++turn) },
    }),
  };
}

/**
 * Asks `path` once as each seeded learner, `concurrency` at a time, before the measured runs: the learner
 * dashboard keeps each learner's answer in the database (features/trainings/learner-dashboard-store.ts), as it stands
 * after each learner's last visit, so the steady state to measure is every learner's answer kept. Answers how long
 * the pass took (each request made and kept an answer: the cost of a first visit after a change).
 */
export async function visitEachLearner(ctx: BenchContext, path: string, concurrency = 8): Promise<number> {
  const list = await learnerTokens(ctx);
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const token = list[next++]!;
      const res = await requestJson(ctx.baseUrl, { path, host: ctx.host, token });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status} during the warm pass`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Date.now() - started;
}
