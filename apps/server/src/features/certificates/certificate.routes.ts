import { ZCertificateRegeneration, ZCourseCertificateList } from '@lms/contracts/certificates';
import { ZIdParams } from '@lms/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { listMyCertificates, openCertificate, startRegeneration } from './certificate.service';

/** RFC 6266 with an RFC 5987 UTF-8 name, so "Müller" survives and no header can be injected. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Spec section 7 "CRUD /course-certificate": my certificates and their download (spec section 4: only after the
 * training is completed, which is when one exists); and the coordinators' regeneration of a training's certificates.
 */
export const certificateRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const learner = { access: 'learner.use' as const };

  app.get(
    '/api/course-certificate',
    { schema: { response: { 200: ZCourseCertificateList } }, config: learner },
    (req) => listMyCertificates(deps, actorOf(req)),
  );

  app.get(
    '/api/course-certificate/:id/download',
    {
      schema: { params: ZIdParams },
      config: { ...learner, openapi: fileAnswer(['application/pdf'], 'The certificate.') },
    },
    async (req, reply) => {
      const file = await openCertificate(deps, actorOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/api/course-training/:id/certificates/regenerate',
    {
      schema: { params: ZIdParams, response: { 200: ZCertificateRegeneration } },
      config: { access: 'coordination.manage' },
    },
    (req) => startRegeneration(deps, actorOf(req), req.params.id),
  );
  await Promise.resolve();
};
