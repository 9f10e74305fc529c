import { ZRuntimeCommitBody, ZRuntimeDataQuery } from '@lms/contracts/scorm-runtime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { ERROR_MESSAGES } from '../../platform/error-messages';
import { commitItem, getItemData, getRuntimeState, openRuntime } from '../scorm-runtime';

const ZTokenParams = z.object({ token: z.string().min(1).max(2_000) });

/** The player's runtime calls; the launch token in the path is the only credential (ARCHITECTURE section 6). */
export const runtimeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.get('/runtime/:token/state', { schema: { params: ZTokenParams } }, async (req) =>
    getRuntimeState(deps, await openRuntime(deps, req.params.token)),
  );

  app.get('/runtime/:token/data', { schema: { params: ZTokenParams, querystring: ZRuntimeDataQuery } }, async (req) =>
    getItemData(deps, await openRuntime(deps, req.params.token), req.query.item),
  );

  // scorm-again reads `result` and `errorCode` from the body; the error code names the data model's error.
  app.post(
    '/runtime/:token/commit',
    { schema: { params: ZTokenParams, body: ZRuntimeCommitBody } },
    async (req, reply) => {
      const outcome = await commitItem(deps, req.params.token, req.body);
      if (outcome.kind === 'ok') return outcome.result;
      if (outcome.kind === 'stale') {
        return reply.status(409).send({
          error: 'scorm_stale_commit',
          message: ERROR_MESSAGES.scorm_stale_commit,
          result: 'false',
          errorCode: outcome.errorCode,
        });
      }
      return reply.status(400).send({
        error: 'scorm_data_invalid',
        message: ERROR_MESSAGES.scorm_data_invalid,
        details: { element: outcome.element, reason: outcome.message, errorCode: outcome.errorCode },
        result: 'false',
        errorCode: outcome.errorCode,
      });
    },
  );
  await Promise.resolve();
};
