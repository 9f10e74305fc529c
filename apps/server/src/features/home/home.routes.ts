import { ZHomeFigures, ZHomeFiguresQuery } from '@lms/contracts/home';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { getHomeFigures } from './home.service';

/** The staff home (issue 12): a content master's, coordinator's and admin's figures on `/`. */
export const homeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = (app, { deps }) => {
  app.get(
    '/api/home/figures',
    {
      schema: { querystring: ZHomeFiguresQuery, response: { 200: ZHomeFigures } },
      config: { access: 'home.figures' as const },
    },
    (req) => getHomeFigures(deps, actorOf(req), req.query),
  );
  return Promise.resolve();
};
