import { ZLaunchResult, ZPreviewLaunchBody, ZPreviewLaunchParams } from '@lms/contracts/scorm-runtime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { launchPreview } from './launch.service';

/** App origin: a content master's preview launch answers the player URL on the content origin (issue 5 "Preview"). */
export const launchRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/api/courses/:courseId/modules/:moduleId/preview-launch',
    {
      schema: { params: ZPreviewLaunchParams, body: ZPreviewLaunchBody, response: { 200: ZLaunchResult } },
      config: { access: 'content.manage' },
    },
    (req) => launchPreview(deps, actorOf(req), req.tenant, req.params, req.body.restart),
  );
  await Promise.resolve();
};
