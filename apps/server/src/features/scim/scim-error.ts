import type { FastifyError, FastifyInstance } from 'fastify';
import { DatabaseBusyError } from '../../db/connection-guard';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';

export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** The scimType values of RFC 7644 section 3.12 this server answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** An error a directory understands: RFC 7644 section 3.12's body, status as a string. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | undefined,
    detail: string,
  ) {
    super(detail);
  }
}

export const scimFail = (status: number, scimType: ScimType | undefined, detail: string): never => {
  throw new ScimError(status, scimType, detail);
};

/** The platform's own errors (guards, services, input guards) in SCIM's terms. */
function fromAppError(err: AppError): ScimError {
  if (err.statusCode === 409 || err.code.endsWith('_taken')) return new ScimError(409, 'uniqueness', err.message);
  if (err.statusCode === 400) return new ScimError(400, 'invalidValue', err.message);
  return new ScimError(err.statusCode, undefined, err.message);
}

function toScimError(thrown: FastifyError | Error): ScimError | null {
  if (thrown instanceof ScimError) return thrown;
  if (thrown instanceof AppError) return fromAppError(thrown);
  if (isUniqueViolation(thrown)) return new ScimError(409, 'uniqueness', 'A resource with this value exists.');
  if (thrown instanceof DatabaseBusyError) return new ScimError(503, undefined, 'The service is busy; try again.');
  const status = (thrown as FastifyError).statusCode;
  if (status === 413 || status === 415) return new ScimError(status, undefined, thrown.message);
  if (status !== undefined && status >= 400 && status < 500) return new ScimError(400, 'invalidSyntax', thrown.message);
  return null;
}

/** Every answer of the SCIM routes, errors included, is SCIM (RFC 7644 section 3.12), never the app's shape. */
export function installScimErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | Error, req, reply) => {
    const err = toScimError(thrown);
    if (!err) {
      req.log.error({ err: thrown, reqId: req.id }, 'unhandled SCIM error');
      return reply
        .status(500)
        .type(SCIM_CONTENT_TYPE)
        .send({ schemas: [SCIM_ERROR], status: '500', detail: 'An unknown error occurred. Please try again later.' });
    }
    if (err.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
    return reply
      .status(err.status)
      .type(SCIM_CONTENT_TYPE)
      .send({
        schemas: [SCIM_ERROR],
        status: String(err.status),
        ...(err.scimType ? { scimType: err.scimType } : {}),
        detail: err.message,
      });
  });
}
