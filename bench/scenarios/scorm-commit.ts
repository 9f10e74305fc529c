import path from 'node:path';
import { multipart } from '../../apps/server/src/features/modules/test-upload';
import { SCORM_FIXTURES, zipFolder } from '../../apps/server/src/features/scorm/test-zip';
import { requestJson } from '../../apps/server/test/server-process';
import type { BenchContext, BenchScenario } from '../types';

/** Trainings issue, point 10: a SCORM 1.2 commit with 4 KB of suspend data (cmi.suspend_data's whole CMIString4096). */
const SUSPEND_DATA = 'q'.repeat(4_000);
const CONTENT_MASTER = 'bench-user-3@bench.example';
const ADMIN = 'bench-user-1@bench.example';

async function call<T>(ctx: BenchContext, token: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await requestJson(ctx.baseUrl, { method, path: p, host: ctx.host, token, body });
  if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** A course of one golf SCORM 1.2 package, uploaded as a content master would, and a training of `learners`. */
async function arrangeTraining(ctx: BenchContext, learners: string[]) {
  const content = await ctx.signIn(CONTENT_MASTER);
  const course = await call<{ id: string }>(ctx, content, 'POST', '/api/courses', {
    i18n: { 'de-DE': { title: 'Bench-SCORM', description: '' } },
  });
  const zip = await zipFolder(path.join(SCORM_FIXTURES, 'golf/RuntimeBasicCalls_SCORM12'));
  const upload = await requestJson(ctx.baseUrl, {
    method: 'POST',
    path: `/api/courses/${course.id}/modules`,
    host: ctx.host,
    token: content,
    raw: multipart([
      { name: 'data', value: JSON.stringify({ i18n: { 'de-DE': { title: 'Golf' } }, durationInMinutes: 45 }) },
      { name: 'file', filename: 'golf.zip', content: zip, type: 'application/zip' },
    ]),
  });
  if (upload.status !== 200) throw new Error(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  const moduleId = (upload.body as { id: string }).id;
  const users = await ctx.db.selectFrom('users').select('id').where('email', 'in', learners).execute();
  const training = await call<{ id: string }>(ctx, await ctx.signIn(ADMIN), 'POST', '/api/course-training', {
    courseId: course.id,
    userIds: users.map((u) => u.id),
  });
  return { trainingId: training.id, moduleId };
}

/** One learner's player page: its launch token, the state call's session and the SCO's item. */
async function openPlayer(ctx: BenchContext, email: string, trainingId: string, moduleId: string, n: number) {
  // Each learner signs in from an address of their own: the per-IP login limit (30 a minute) is real.
  const login = await requestJson(ctx.baseUrl, {
    path: '/api/user/login',
    host: ctx.host,
    body: { emailOrUsername: email, password: ctx.password },
    headers: { 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` },
  });
  const { token } = login.body as { token: string };
  const { launchUrl } = await call<{ launchUrl: string }>(
    ctx,
    token,
    'POST',
    `/api/course-training/${trainingId}/module/${moduleId}/launch`,
  );
  const launchToken = new URL(launchUrl).pathname.split('/')[2] ?? '';
  const state = await fetch(`${ctx.contentUrl}/runtime/${launchToken}/state`);
  const { session, startItemId } = (await state.json()) as { session: string; startItemId: string };
  return { launchToken, session, itemId: startItemId, seq: 0 };
}

export const scenarios: BenchScenario[] = [
  {
    name: 'scorm-commit',
    prepare: async (ctx) => {
      // Learners commit to their own attempts, each in order as a player page does: a learner whose commit is still
      // unanswered is skipped until its answer arrives (a commit that overtook a later one of the same page would be
      // refused as stale, 409, and counted as an error; with round robin alone that happened whenever one answer
      // took longer than the next 40 requests). autocannon hands onResponse the context its setupRequest got. The
      // seed makes every tenth user inactive; those cannot sign in.
      const count = Math.max(50, ctx.connections * 2); // issue 15: 50 learners
      const numbers = Array.from({ length: count * 2 }, (_, i) => i + 11).filter((n) => n % 10 !== 0);
      const learners = numbers.slice(0, count).map((n) => `bench-user-${n}@bench.example`);
      const { trainingId, moduleId } = await arrangeTraining(ctx, learners);
      const players: Array<Awaited<ReturnType<typeof openPlayer>>> = [];
      for (const [n, email] of learners.entries()) players.push(await openPlayer(ctx, email, trainingId, moduleId, n));
      const waiting = new Set<number>();
      let nextPlayer = 0;
      return {
        origin: 'content',
        method: 'POST',
        path: '/runtime/-/commit',
        headers: { 'content-type': 'application/json' },
        onResponse: (_status, _body, context) => {
          waiting.delete(context.player as number);
        },
        setupRequest: (req, context) => {
          for (let tries = 0; tries < players.length && waiting.has(nextPlayer % players.length); tries++) nextPlayer++;
          const index = nextPlayer++ % players.length;
          waiting.add(index);
          context.player = index;
          const player = players[index] as (typeof players)[number];
          const seq = ++player.seq;
          return {
            ...req,
            path: `/runtime/${player.launchToken}/commit`,
            body: JSON.stringify({
              session: player.session,
              seq,
              instance: 1,
              itemId: player.itemId,
              cmi: {
                core: {
                  lesson_location: `page-${seq % 30}`,
                  lesson_status: 'incomplete',
                  exit: 'suspend',
                  session_time: '00:01:30',
                  score: { raw: '50', min: '0', max: '100' },
                },
                suspend_data: SUSPEND_DATA,
              },
            }),
          };
        },
      };
    },
  },
];
