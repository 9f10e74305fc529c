import { ZIdParams } from '@lms/contracts/common';
import { ZJob } from '@lms/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { readJob } from './job.service';

/** Progress of a background job, polled by the web app's JobProgress component. */
export const jobRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/jobs/:id',
    { schema: { params: ZIdParams, response: { 200: ZJob } }, config: { access: 'user' } },
    (req) => readJob(deps, actorOf(req), req.params.id),
  );
  await Promise.resolve();
};
