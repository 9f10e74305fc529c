import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { REDACTION_MARK } from './secret-text';

/** A query parameter that carries a secret: the one-time token of a reset or activation link, and its like. */
const SECRET_QUERY = /([?&](?:token|access_token|code)=)[^&#]*/gi;

/** The URL as a log line may show it: the value of each secret query parameter is `…`. */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, `$1${REDACTION_MARK}`);

/** Fastify's own request serializer, with the URL redacted. */
const redactedRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  version: [req.headers['accept-version']].flat()[0],
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket.remotePort,
});

/**
 * DECISIONS "reset and activation links": a link's token is never readable in the logs. The reader's browser opens
 * `/reset-password?token=...` on this server (the web app), and Fastify logs every request's URL: the request
 * serializer writes it without the token's value.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: redactedRequest } };
}
