import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { assertMultipartBoundary } from './multipart';

// Input no route can use, refused for every route before its schema runs (hardening issue 3): 400, never a 500
// from deeper down.

/**
 * The dotted path of the first string or key holding a NUL character (PostgreSQL refuses it in text), or undefined.
 * Iterative, so that a body of 10,000 nested arrays cannot overflow the stack.
 */
export function findNul(value: unknown, path: string): string | undefined {
  const stack: Array<[unknown, string]> = [[value, path]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, at] = next;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return at;
    } else if (node !== null && typeof node === 'object' && !ArrayBuffer.isView(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\u0000')) return `${at}.${key}`;
        stack.push([child, `${at}.${key}`]);
      }
    }
  }
  return undefined;
}

/** 400 validation_failed naming the field when a NUL character hides in the value. */
export function refuseNul(value: unknown, path: string): void {
  const field = findNul(value, path);
  if (field !== undefined)
    throw new AppError(400, 'validation_failed', { fields: [{ field, message: 'must not contain NUL characters' }] });
}

/**
 * Multipart without a usable boundary, and NUL characters in path, query and (unless `bodies` is false) body: 400
 * on every route of the app.
 */
export function installInputGuards(app: FastifyInstance, opts: { bodies: boolean } = { bodies: true }): void {
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      // A request that matched no route runs no handler: it answers 404 whatever it carries.
      if (req.routeOptions.url !== undefined) {
        assertMultipartBoundary(req);
        refuseNul(req.params, 'params');
        refuseNul(req.query, 'querystring');
        if (opts.bodies) refuseNul(req.body, 'body');
      }
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}
