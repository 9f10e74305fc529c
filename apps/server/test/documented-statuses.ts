import type { FastifyInstance } from 'fastify';
import { openapiPathOf } from '../src/platform/openapi';

// "Every route's documented statuses match what its tests see." Each test app records, for every answer, the route
// the router matched (its pattern, never the raw URL), the method and the status (an onResponse hook, added before
// the app is ready). A file then checks its log against the OpenAPI document the same app serves. Recording in the
// app, rather than asserting in each walk, keeps one rule for every request the walks and feature tests send
// (happy paths with their 201 and 204 included), whatever helper sent it; and the document is the served one,
// generated from the routes, so the check covers routes added later without a table to keep.

/** "METHOD pattern status" of every answer of a route the router matched. */
export type StatusLog = Set<string>;

export function recordStatuses(app: FastifyInstance): StatusLog {
  const log: StatusLog = new Set();
  app.addHook('onResponse', (req, reply, done) => {
    const url = req.routeOptions.url;
    // A 405 route answers for methods the path does not declare: no operation documents them (405 walk).
    if (url !== undefined && !req.routeOptions.config.methodNotAllowed)
      log.add(`${req.method} ${url} ${reply.statusCode}`);
    done();
  });
  return log;
}

interface Operation {
  responses?: Record<string, unknown>;
}

/** The answers in `log` the app's OpenAPI document does not list for their operation (empty when all are). */
export function undocumentedStatuses(app: FastifyInstance, log: StatusLog): string[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, Operation>> };
  const missing: string[] = [];
  for (const entry of log) {
    const [method = '', url = '', status = ''] = entry.split(' ');
    // The docs serve themselves; HEAD is GET without a body (the document names GET).
    if (url.startsWith('/api/docs')) continue;
    // The spec's trailing-slash spellings answer as the path without it, which the document names.
    const path = openapiPathOf(url.length > 1 ? url.replace(/\/$/, '') : url);
    const op = doc.paths?.[path]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
    if (!op) missing.push(`${entry}: no operation ${method} ${path}`);
    else if (!op.responses?.[status]) missing.push(`${entry}: not documented`);
  }
  return missing.sort();
}
