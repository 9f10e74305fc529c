import {
  ZCertificateRegeneration,
  ZCertificateState,
  ZCertificateVerification,
  ZCertificateWithdrawBody,
  ZCourseCertificateList,
  ZVerificationCodeParams,
} from '@lms/contracts/certificates';
import { ZIdParams } from '@lms/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer, RATE_LIMITED } from '../../platform/openapi';
import { REQUEST_LIMITS, requestLimit } from '../../platform/request-limits';
import { reissueCertificate, verifyCertificate, withdrawCertificate } from './certificate-verification.service';
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

  // Issue 30 point 2. The public check answers on the client's own host only (the tenant resolved from it), limited
  // per IP like the other public calls; a wrong code and another client's get the same 404.
  const verificationLimit = requestLimit(deps.db, REQUEST_LIMITS.certificateVerification);
  app.get(
    '/api/certificate-verification/:code',
    {
      schema: { params: ZVerificationCodeParams, response: { 200: ZCertificateVerification } },
      config: { access: 'public', allowWhilePasswordChange: true, openapi: RATE_LIMITED },
    },
    async (req, reply) => {
      await verificationLimit(req.ip);
      reply.header('cache-control', 'no-store');
      return verifyCertificate(deps, req.tenant, req.params.code);
    },
  );

  const manage = { access: 'coordination.manage' as const };
  app.post(
    '/api/course-certificate/:id/withdraw',
    {
      schema: { params: ZIdParams, body: ZCertificateWithdrawBody, response: { 200: ZCertificateState } },
      config: manage,
    },
    (req) => withdrawCertificate(deps, actorOf(req), req.params.id, req.body),
  );
  app.post(
    '/api/course-certificate/:id/reissue',
    {
      schema: { params: ZIdParams, response: { 200: ZCertificateState } },
      config: { ...manage, openapi: { errors: { 400: ['certificate_template_not_found'], 409: ['conflict'] } } },
    },
    (req) => reissueCertificate(deps, actorOf(req), req.params.id),
  );
  await Promise.resolve();
};
