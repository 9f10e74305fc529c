import type { FastifyInstance } from 'fastify';
import { isDocsRoute } from './api-docs';

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
  const api = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' };
  const page = { ...api, 'content-security-policy': csp };
  // The API docs (Swagger UI 5 of @fastify/swagger-ui: its scripts and styles are files of its own, no inline script)
  // ask only their own origin for anything and are framed by nobody (issue 28 point 7c).
  const docs = {
    ...api,
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
  };
  // Set before the handler, in one synchronous hook (issue 15: no per-request promise where none is needed), so that
  // a route serving user content can narrow the policy with its own header (the legal texts' and logos' sandbox);
  // an onSend hook would overwrite it.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isDocsRoute(req.routeOptions.url) ? docs : page);
    reply.header('x-request-id', req.id);
    done();
  });
}
