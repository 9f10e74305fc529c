import type { FastifyInstance } from 'fastify';

/**
 * App-origin headers (ARCHITECTURE section 6): the app may frame only the content origin and the PDFs it fetched
 * itself (blob:, the certificate preview; only the app's own script can make one), and nobody may frame the app.
 * Vite's build needs no inline scripts, so script-src stays 'self'.
 */
export function installSecurityHeaders(app: FastifyInstance, contentOrigin: string, identityOrigin?: string): void {
  // Entra ID sign-in (issue 13): msal fetches the tenant's metadata and tokens, and frames it for silent sign-on.
  const identity = identityOrigin ? ` ${identityOrigin}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${identity}`,
    `frame-src ${contentOrigin} blob:${identity}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (req.url.startsWith('/api/docs')) return;
    reply.header('content-security-policy', csp);
  });
}
