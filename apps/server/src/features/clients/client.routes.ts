import { ZPublicClient, type TPublicClient } from '@lms/contracts/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tenant } from '../../platform/tenant';
import type { TLegalTextType } from './client.types';

export function presentPublicClient(t: Tenant): TPublicClient {
  return {
    id: t.id,
    name: t.name,
    platformDomain: t.platformDomain,
    platformActive: t.isPlatformActive,
    colours: t.colours,
    logoUrl: t.hasLogo ? '/api/client/current/logo' : null,
    supportEmail: t.supportEmail,
    minPasswordLength: t.minPasswordLength,
    imprintType: t.imprintType as TLegalTextType | null,
    privacyPolicyType: t.privacyPolicyType as TLegalTextType | null,
    entraEnabled: t.isEntraEnabled,
    platformStart: t.platformStart,
    platformEnd: t.platformEnd,
  };
}

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/current',
    { schema: { response: { 200: ZPublicClient } }, config: { access: 'public', allowWhilePasswordChange: true } },
    (req) => presentPublicClient(req.tenant),
  );
  await Promise.resolve();
};
