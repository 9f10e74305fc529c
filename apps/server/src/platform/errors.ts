import type { TErrorCode } from '@lms/contracts/errors';
import { ERROR_MESSAGES } from './error-messages';

/** The only error type services throw; the error handler turns it into `{error, message, details}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(ERROR_MESSAGES[code]);
  }
}

export const fail = (statusCode: number, code: TErrorCode, details?: Record<string, unknown>): never => {
  throw new AppError(statusCode, code, details);
};
export const badRequest = (code: TErrorCode, details?: Record<string, unknown>): never => fail(400, code, details);
export const forbidden = (code: TErrorCode = 'forbidden'): never => fail(403, code);
/** A row of another client, or none at all: the same answer, nothing leaked (ARCHITECTURE section 4). */
export const notFound = (what?: string): never => fail(404, 'not_found', what ? { entity: what } : undefined);
export const conflict = (code: TErrorCode, details?: Record<string, unknown>): never => fail(409, code, details);
export const unauthorized = (code: TErrorCode = 'unauthorized'): never => fail(401, code);
