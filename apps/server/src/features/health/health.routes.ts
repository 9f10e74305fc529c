import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';

const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** Load balancers call this on any host, so it sits outside tenant resolution (not under /api/ guard rules). */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/api/health', { schema: { response: { 200: ZHealth } }, config: { access: 'public' } }, async () => {
    await sql`select 1`.execute(deps.db);
    return { status: 'ok' as const, database: 'ok' as const };
  });
  await Promise.resolve();
};
