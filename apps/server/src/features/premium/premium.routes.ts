import { ZIdParams, ZOk } from '@lms/contracts/common';
import {
  ZAdminPurchasePage,
  ZAdminPurchaseQuery,
  ZCreatePurchaseBody,
  ZInvoicePage,
  ZInvoiceQuery,
  ZPremiumCatalogue,
  ZPremiumOffer,
  ZPremiumSettings,
  ZPremiumSettingsQuery,
  ZPurchase,
  ZSavePremiumSettingsBody,
  ZStartedPremiumCourse,
} from '@lms/contracts/premium';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { REQUEST_LIMITS, requestLimit } from '../../platform/request-limits';
import { fileAnswer, mergeDocs, RATE_LIMITED, type RouteDoc } from '../../platform/openapi';
import { attachment } from '../documents';
import { listMyInvoices, openMyInvoice } from './invoice.service';
import { pollPaypalPurchase } from './paypal-sync';
import { handlePaypalWebhook, webhookHeaders, type WebhookEvent } from './paypal-webhook.service';
import { getCatalogue, startPremiumCourse } from './premium-catalogue.service';
import { createPurchase, getOffer, getMyPurchase, listClientPurchases, markPurchasePaid } from './premium.service';
import { getPremiumSettings, savePremiumSettings } from './premium-settings.service';

/** A call that asks PayPal, which may fail (OpenAPI document). */
const PAYPAL_DOC: RouteDoc = { errors: { 502: ['paypal_unavailable'] } };

/** The webhook body as PayPal documents it (event id, type and resource); other fields pass unchanged. */
const ZWebhookEvent = z.looseObject({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  resource: z.looseObject({}).optional(),
});

const received = new WeakMap<object, unknown>();

/** Issue 14 "premium" (spec sections 2-4, DECISIONS "premium"). */
export const premiumRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const learner = { access: 'learner.use' as const };
  const admin = { access: 'clients.administer' as const };
  const purchaseLimit = requestLimit(deps.db, REQUEST_LIMITS.premiumPurchase);
  const webhookLimit = requestLimit(deps.db, REQUEST_LIMITS.paypalWebhook);

  app.get('/api/premium/offer', { schema: { response: { 200: ZPremiumOffer } }, config: learner }, (req) =>
    getOffer(deps, actorOf(req)),
  );

  app.post(
    '/api/premium/purchases',
    {
      schema: { body: ZCreatePurchaseBody, response: { 200: ZPurchase } },
      config: { ...learner, openapi: mergeDocs(PAYPAL_DOC, RATE_LIMITED) },
    },
    async (req) => {
      await purchaseLimit(actorOf(req).userId);
      // The popup comes back to the host the buyer used (the client's, resolved by the access guard).
      const origin = `${req.protocol}://${req.host}`;
      return createPurchase(deps, actorOf(req), req.body, {
        returnUrl: (id) => `${origin}/premium/paypal-return?purchase=${id}`,
        cancelUrl: (id) => `${origin}/premium/paypal-return?purchase=${id}&cancelled=1`,
      });
    },
  );

  app.get(
    '/api/premium/purchases/:id',
    { schema: { params: ZIdParams, response: { 200: ZPurchase } }, config: { ...learner, openapi: PAYPAL_DOC } },
    (req) =>
      getMyPurchase(deps, actorOf(req), req.params.id, (row) =>
        pollPaypalPurchase(deps, row, (err) => req.log.warn({ err }, 'PayPal status poll failed')),
      ),
  );

  app.get(
    '/api/premium/invoices',
    { schema: { querystring: ZInvoiceQuery, response: { 200: ZInvoicePage } }, config: learner },
    (req) => listMyInvoices(deps, actorOf(req), req.query),
  );

  const pdf = { ...learner, openapi: fileAnswer(['application/pdf'], 'The invoice.') };
  app.get('/api/premium/invoices/:id/pdf', { schema: { params: ZIdParams }, config: pdf }, async (req, reply) => {
    const file = await openMyInvoice(deps, actorOf(req), req.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  app.get('/api/premium/catalogue', { schema: { response: { 200: ZPremiumCatalogue } }, config: learner }, (req) =>
    getCatalogue(deps, actorOf(req)),
  );

  app.post(
    '/api/premium/courses/:id/start',
    { schema: { params: ZIdParams, response: { 200: ZStartedPremiumCourse } }, config: learner },
    (req) => startPremiumCourse(deps, actorOf(req), req.params.id),
  );

  app.get(
    '/api/premium/settings',
    { schema: { querystring: ZPremiumSettingsQuery, response: { 200: ZPremiumSettings } }, config: admin },
    (req) => getPremiumSettings(deps, actorOf(req), req.query.clientId),
  );

  app.post(
    '/api/premium/settings',
    { schema: { body: ZSavePremiumSettingsBody, response: { 200: ZPremiumSettings } }, config: admin },
    (req) => savePremiumSettings(deps, actorOf(req), req.body),
  );

  app.get(
    '/api/premium/admin/purchases',
    { schema: { querystring: ZAdminPurchaseQuery, response: { 200: ZAdminPurchasePage } }, config: admin },
    (req) => listClientPurchases(deps, actorOf(req), req.query),
  );

  app.post(
    '/api/premium/admin/purchases/:id/paid',
    { schema: { params: ZIdParams, response: { 200: ZPurchase } }, config: admin },
    (req) => markPurchasePaid(deps, actorOf(req), req.params.id),
  );

  /** PayPal's notifications (configured per client host); proven by PayPal's signature check, not by a session. */
  app.post(
    '/api/premium/paypal/webhook',
    {
      schema: { body: ZWebhookEvent, response: { 200: ZOk } },
      config: { access: 'public', openapi: mergeDocs(PAYPAL_DOC, RATE_LIMITED) },
      // The event as received (key order kept): validation hands on a rebuilt object, PayPal checks the original.
      preValidation: (req, _reply, done) => {
        received.set(req, req.body);
        done();
      },
    },
    async (req) => {
      await webhookLimit(req.ip);
      return handlePaypalWebhook(deps, req.tenant.id, webhookHeaders(req.headers), {
        ...(req.body as WebhookEvent),
        received: received.get(req) ?? req.body,
      });
    },
  );
  await Promise.resolve();
};
