import path from 'node:path';
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountRoutes } from './features/account/account.routes';
import { authRoutes } from './features/auth/auth.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { certificateRoutes } from './features/certificates/certificate.routes';
import { clientRoutes } from './features/clients/client.routes';
import { clientAdminRoutes } from './features/clients/client-admin.routes';
import { courseFileRoutes } from './features/course-files/course-file.routes';
import { courseRoutes } from './features/courses/course.routes';
import { courseCoverRoutes } from './features/courses/course-cover.routes';
import { coursesUsingCertificateTemplates } from './features/courses/course-ref';
import { documentsRoutes } from './features/documents/documents.routes';
import { healthRoutes } from './features/health/health.routes';
import { homeRoutes } from './features/home/home.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { messageRoutes } from './features/messages/message.routes';
import { moduleRoutes } from './features/modules/module.routes';
import { launchRoutes } from './features/scorm-runtime/launch.routes';
import { legalTextRoutes } from './features/legal-texts/legal-text.routes';
import { platformTextRoutes } from './features/platform-texts/platform-text.routes';
import { jobRoutes } from './features/jobs/job.routes';
import { clientSmtpRoutes } from './features/client-smtp/client-smtp.routes';
import { clientContactRoutes } from './features/client-contacts/client-contact.routes';
import { clientTokenVerifier } from './features/client-tokens/client-token-auth';
import { clientTokenRoutes } from './features/client-tokens/client-token.routes';
import { ZScimError } from './features/scim/scim-openapi';
import { scimPlugin } from './features/scim/scim.routes';
import { entraLoginRoutes } from './features/entra-login/entra-login.routes';
import { contactPersonRoutes } from './features/contact-persons/contact-person.routes';
import { companyRoutes } from './features/companies/company.routes';
import { mailQueueRoutes } from './features/mail/mail.routes';
import { certificateTemplateRoutes, mailTemplateRoutes, registerTemplateUsage } from './features/templates';
import { gdprRoutes } from './features/gdpr/gdpr.routes';
import { groupRoutes } from './features/group-admin/group.routes';
import { reminderRoutes } from './features/reminders/reminder.routes';
import { learnerRoutes } from './features/trainings/learner.routes';
import { learningRecordRoutes } from './features/learning-record/learning-record.routes';
import { trainingRoutes } from './features/trainings/training.routes';
import { userPictureRoutes } from './features/users/user-picture.routes';
import { userImportRoutes } from './features/user-import/user-import.routes';
import { premiumRoutes } from './features/premium/premium.routes';
import { userRoutes } from './features/users/user.routes';
import { wireFeatures } from './features/wiring';
import { trustProxyOption } from './config-trust-proxy';
import { accessPlugin } from './platform/access';
import type { AppDeps } from './platform/deps';
import { installErrorHandler } from './platform/error-handler';
import { newRequestId } from './platform/ids';
import { installInputGuards } from './platform/input-guards';
import { API_DESCRIPTION, documentTransform, routeTransform } from './platform/openapi';
import { answerUndeclaredMethods, collectDeclaredMethods } from './platform/method-not-allowed';
import { withLogRedaction } from './platform/log-redaction';
import { installSecurityHeaders } from './platform/security-headers';
import { TenantResolver } from './platform/tenant';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served with an index.html fallback when present. */
  webDist?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    tenants: TenantResolver;
  }
}

/** The app-origin server, used by main.ts and by every test (app.inject). */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  wireFeatures();
  const app = Fastify({
    logger: withLogRedaction(opts.logger ?? false),
    genReqId: newRequestId,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const tenants = new TenantResolver(deps.db, deps.config.contentOrigin);
  app.decorate('tenants', tenants);
  installErrorHandler(app);
  installInputGuards(app);
  installSecurityHeaders(app, deps.config.contentOrigin, new URL(deps.config.entraAuthority).origin);
  // Methods per /api path, for the 405 answers registered after the last route (the SCIM scope keeps its own).
  const declared = collectDeclaredMethods(app, (url) => url.startsWith('/api/'));

  // The document is generated from the routes' own zod schemas; platform/openapi.ts adds what every route shares
  // (security, the error answers, summaries), so a route declares only its own answers (ARCHITECTURE "API").
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Training platform API', version: '1.0.0', description: API_DESCRIPTION },
    },
    transform: routeTransform,
    transformObject: documentTransform({ authHeader: deps.config.authHeader, scimErrorSchema: ZScimError }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessPlugin, {
    db: deps.db,
    tenants,
    authHeader: deps.config.authHeader,
    verifyClientToken: clientTokenVerifier(deps.db),
  });

  await app.register(healthRoutes, { deps });
  await app.register(clientRoutes, { deps });
  await app.register(clientAdminRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(legalTextRoutes, { deps });
  await app.register(platformTextRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(courseRoutes, { deps });
  await app.register(courseCoverRoutes, { deps });
  await app.register(moduleRoutes, { deps });
  await app.register(courseFileRoutes, { deps });
  await app.register(launchRoutes, { deps });
  await app.register(jobRoutes, { deps });
  await app.register(gdprRoutes, { deps });
  await app.register(mailQueueRoutes, { deps });
  // A course names its certificate template: templates asks courses how many do (no import back, issue 29).
  registerTemplateUsage('certificate', coursesUsingCertificateTemplates);
  await app.register(mailTemplateRoutes, { deps });
  await app.register(certificateTemplateRoutes, { deps });
  await app.register(clientSmtpRoutes, { deps });
  await app.register(clientContactRoutes, { deps });
  await app.register(companyRoutes, { deps });
  await app.register(clientTokenRoutes, { deps });
  await app.register(scimPlugin, { deps });
  await app.register(entraLoginRoutes, { deps });
  await app.register(userRoutes, { deps });
  await app.register(learningRecordRoutes, { deps });
  await app.register(userPictureRoutes, { deps });
  await app.register(groupRoutes, { deps });
  await app.register(trainingRoutes, { deps });
  await app.register(learnerRoutes, { deps });
  await app.register(documentsRoutes, { deps });
  await app.register(reminderRoutes, { deps });
  await app.register(certificateRoutes, { deps });
  await app.register(accountRoutes, { deps });
  await app.register(userImportRoutes, { deps });
  await app.register(premiumRoutes, { deps });
  await app.register(contactPersonRoutes, { deps });
  await app.register(messageRoutes, { deps });
  await app.register(homeRoutes, { deps });
  await app.register(reportsRoutes, { deps });
  answerUndeclaredMethods(app, declared);

  const webDist = opts.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts): the browser gets the variant
    // it accepts. Hashed files under /assets never change (cached for a year); index.html and any other file are
    // checked on every visit, so a release shows at once. The index page comes from the not-found handler below.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.status(404).send({ error: 'not_found', message: 'Not found.' });
    if (webDist && req.method === 'GET' && existsSync(path.join(webDist, 'index.html'))) {
      // The SPA decides what an unknown path shows (its own not-found page).
      return reply.sendFile('index.html', webDist);
    }
    return reply.status(404).send({ error: 'not_found', message: 'Not found.' });
  });
  return app;
}
