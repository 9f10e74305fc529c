import { ZAppointmentRequest, ZAppointmentRequestBody, ZUserContactOptions } from '@lms/contracts/user-contact-options';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { RATE_LIMITED } from '../../platform/openapi';
import { REQUEST_LIMITS, requestLimit } from '../../platform/request-limits';
import { listUserContactOptions, requestAppointment } from './contact-person.service';

/**
 * Spec section 7 "GET /client/user-contact-options" and the appointment dialog of section 2 (its call is "not
 * shown"; named like the other client calls). PERMISSIONS.md: every signed-in user reaches their own contacts.
 */
export const contactPersonRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'learner.use' as const;
  const appointmentLimit = requestLimit(deps.db, REQUEST_LIMITS.appointmentRequest);

  app.get(
    '/api/client/user-contact-options',
    { schema: { response: { 200: ZUserContactOptions } }, config: { access } },
    (req) => listUserContactOptions(deps, actorOf(req)),
  );

  app.post(
    '/api/client/user-contact-options/appointment',
    {
      schema: { body: ZAppointmentRequestBody, response: { 200: ZAppointmentRequest } },
      config: { access, openapi: RATE_LIMITED },
    },
    async (req) => {
      await appointmentLimit(actorOf(req).userId);
      return requestAppointment(deps, actorOf(req), req.body);
    },
  );
  await Promise.resolve();
};
