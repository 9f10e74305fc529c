import type { TApiError } from '@lms/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseBusyError, DatabaseUnavailableError } from '../db/connection-guard';
import { isTransactionConflict, isUniqueViolation } from './db-errors';
import { AppError } from './errors';
import { ERROR_MESSAGES } from './error-messages';
import { StorageUnavailableError } from './storage/file-store';
import { multipartProblem } from './multipart';

/** One error shape for every answer; no stack trace ever reaches a client (ARCHITECTURE section 5). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, req, reply) => {
    // A broken multipart body surfaces as a plain parser error, a race for a unique value as a database error.
    const err = multipartProblem(thrown, req) ?? (isUniqueViolation(thrown) ? new AppError(409, 'conflict') : thrown);
    if (err instanceof AppError) {
      const body: TApiError = {
        error: err.code,
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
      };
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        field: [err.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'invalid',
      }));
      return reply
        .status(400)
        .send({ error: 'validation_failed', message: ERROR_MESSAGES.validation_failed, details: { fields } });
    }
    if (err instanceof DatabaseBusyError) {
      // A request that waited too long for a connection (db/connection-guard.ts): answered and logged, and the
      // connection it would have held is free for the next request.
      req.log.warn({ reqId: req.id, url: req.url, waitedMs: err.waitedMs }, 'database_busy: no connection in time');
      return reply.status(503).send({ error: 'database_busy', message: ERROR_MESSAGES.database_busy });
    }
    if (err instanceof DatabaseUnavailableError) {
      req.log.warn({ reqId: req.id, url: req.url, err: err.cause }, 'database_busy: the database is unreachable');
      return reply.status(503).send({ error: 'database_busy', message: ERROR_MESSAGES.database_busy });
    }
    if (isTransactionConflict(err)) {
      req.log.warn(
        { reqId: req.id, url: req.url, code: (err as { code?: string }).code },
        'database_busy: a transaction conflict',
      );
      return reply.status(503).send({ error: 'database_busy', message: ERROR_MESSAGES.database_busy });
    }
    if (err instanceof StorageUnavailableError) {
      req.log.warn(
        { reqId: req.id, url: req.url, err: err.cause },
        'storage_unavailable: the file storage is unreachable',
      );
      return reply.status(503).send({ error: 'storage_unavailable', message: ERROR_MESSAGES.storage_unavailable });
    }
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ error: 'payload_too_large', message: ERROR_MESSAGES.payload_too_large });
    if (status === 429) return reply.status(429).send({ error: 'rate_limited', message: ERROR_MESSAGES.rate_limited });
    if (status >= 400 && status < 500) {
      return reply.status(400).send({ error: 'bad_request', message: ERROR_MESSAGES.bad_request });
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'unknown_error', message: ERROR_MESSAGES.unknown_error, details: { requestId: req.id } });
  });
}
