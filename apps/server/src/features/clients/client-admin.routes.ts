import multipart from '@fastify/multipart';
import {
  ZClient,
  ZClientListQuery,
  ZClientPage,
  ZClientSettingsAnswer,
  ZClientSettingsQuery,
  ZCreateClientBody,
  ZUpdateClientBody,
} from '@lms/contracts/client-admin';
import { ZClientSettingValues, ZSaveClientSettingsBody } from '@lms/contracts/client-settings';
import { ZIdParams } from '@lms/contracts/common';
import { CLIENT_LOGO_MAX_BYTES } from '@lms/contracts/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { openFromStorage } from '../../platform/storage';
import { uploadReader } from '../../platform/uploads';
import { notFound } from '../../platform/errors';
import { createClient, getClient, listClients, updateClient } from './client-admin.service';
import { findClientLogoFor, removeClientLogo, uploadClientLogo } from './client-logo';
import { readClientSettings } from './client-settings';
import { getClientSettingValues, saveClientSettingValues } from './client-settings-edit';

/**
 * Spec section 7 "GET /client; POST /client[/{id}]" and "GET /client-settings" (PERMISSIONS.md "client
 * administration", "create clients"). A change to a client forgets the tenant cache of this process, so its
 * colours, logo and platform state show at once (other processes within 10 s, platform/tenant.ts).
 */
export const clientAdminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'clients.administer' as const;
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const readUpload = uploadReader({
    schema: z.unknown(),
    fileLimits: { file: CLIENT_LOGO_MAX_BYTES },
    dataDir: deps.config.dataDir,
  });
  const changed = <T>(value: T): T => {
    app.tenants.forget();
    return value;
  };

  app.get(
    '/api/client',
    {
      schema: { querystring: ZClientListQuery, response: { 200: ZClientPage } },
      config: { access: 'clients.overview' },
    },
    (req) => listClients(deps, actorOf(req), req.query),
  );

  app.post(
    '/api/client',
    { schema: { body: ZCreateClientBody, response: { 200: ZClient } }, config: { access: 'clients.create' } },
    async (req) => changed(await createClient(deps, actorOf(req), req.body)),
  );

  app.get('/api/client/:id', { schema: { params: ZIdParams, response: { 200: ZClient } }, config: { access } }, (req) =>
    getClient(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/client/:id',
    { schema: { params: ZIdParams, body: ZUpdateClientBody, response: { 200: ZClient } }, config: { access } },
    async (req) => changed(await updateClient(deps, actorOf(req), req.params.id, req.body)),
  );

  const logoConfig = { access, openapi: fileAnswer(['image/*'], "The client's logo.") };
  app.get('/api/client/:id/logo', { schema: { params: ZIdParams }, config: logoConfig }, async (req, reply) => {
    const logo = await findClientLogoFor(deps, actorOf(req), req.params.id);
    const file = (await openFromStorage(deps.config, logo.key)) ?? notFound('logo');
    return (
      reply
        .type(logo.mime)
        .header('cache-control', 'private, max-age=300')
        // An SVG logo is sanitised at upload; the sandbox is a second wall against script in it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(file.stream)
    );
  });

  app.post(
    '/api/client/:id/logo',
    { schema: { params: ZIdParams, response: { 200: ZClient } }, config: { access, openapi: readUpload.openapi } },
    async (req) => changed(await uploadClientLogo(deps, actorOf(req), req.params.id, readUpload(req))),
  );

  app.delete(
    '/api/client/:id/logo',
    { schema: { params: ZIdParams, response: { 200: ZClient } }, config: { access } },
    async (req) => changed(await removeClientLogo(deps, actorOf(req), req.params.id)),
  );

  app.get(
    '/api/client-settings',
    {
      schema: { querystring: ZClientSettingsQuery, response: { 200: ZClientSettingsAnswer } },
      config: { access: 'user' },
    },
    (req) => readClientSettings(deps.db, actorOf(req), req.query),
  );

  // Issue 30 point 3: the registered settings of a client (contracts client-settings.ts), for its ADMIN and the SUPERADMIN.
  const settings = 'clients.settings' as const;
  app.get(
    '/api/client/:id/settings',
    { schema: { params: ZIdParams, response: { 200: ZClientSettingValues } }, config: { access: settings } },
    (req) => getClientSettingValues(deps, actorOf(req), req.params.id),
  );

  app.put(
    '/api/client/:id/settings',
    {
      schema: { params: ZIdParams, body: ZSaveClientSettingsBody, response: { 200: ZClientSettingValues } },
      config: { access: settings },
    },
    (req) => saveClientSettingValues(deps, actorOf(req), req.params.id, req.body),
  );
  await Promise.resolve();
};
