import { ZPublicClient, type TPublicClient } from '@lms/contracts/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { notFound } from '../../platform/errors';
import { openFromStorage } from '../../platform/storage';
import type { Tenant } from '../../platform/tenant';
import { findClientLogo } from './client.repository';
import type { TLegalTextType } from './client.types';

export function presentPublicClient(t: Tenant, authHeader: AppDeps['config']['authHeader']): TPublicClient {
  return {
    id: t.id,
    name: t.name,
    platformDomain: t.platformDomain,
    platformActive: t.isPlatformActive,
    colours: t.colours,
    logoUrl: t.logoVersion ? `/api/client/current/logo?v=${t.logoVersion}` : null,
    supportEmail: t.supportEmail,
    minPasswordLength: t.minPasswordLength,
    imprintType: t.imprintType as TLegalTextType | null,
    privacyPolicyType: t.privacyPolicyType as TLegalTextType | null,
    entraEnabled: t.isEntraEnabled,
    authHeader: authHeader === 'x-authorization' ? 'X-Authorization' : 'Authorization',
    platformStart: t.platformStart,
    platformEnd: t.platformEnd,
  };
}

export const clientRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/client/current',
    { schema: { response: { 200: ZPublicClient } }, config: { access: 'public', allowWhilePasswordChange: true } },
    (req) => presentPublicClient(req.tenant, deps.config.authHeader),
  );

  // The logo shows on the login page too, so it is public like the client itself.
  const logoDoc = fileAnswer(['image/*'], "The client's logo.");
  app.get('/api/client/current/logo', { config: { access: 'public', openapi: logoDoc } }, async (req, reply) => {
    const logo = await findClientLogo(deps.db, req.tenant.id);
    if (!logo?.logo_file || !logo.logo_mime) return notFound('logo');
    const file = (await openFromStorage(deps.config, logo.logo_file)) ?? notFound('logo');
    return (
      reply
        .type(logo.logo_mime)
        .header('cache-control', 'public, max-age=300')
        // An SVG logo is sanitised at upload; the sandbox is a second wall against script in it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('content-length', file.size)
        .send(file.stream)
    );
  });
  await Promise.resolve();
};
