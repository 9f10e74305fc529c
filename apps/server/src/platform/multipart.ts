import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

// A broken multipart body is the client's fault: 400 with a code of its own, never a 500 or a request left
// hanging (hardening issue 3). @fastify/multipart and busboy raise plain errors for it; they are told apart here.

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;
/** RFC 2046 section 5.1.1: 1 to 70 characters, quoted or a token (busboy fails on more than 256). */
const BOUNDARY =
  /;\s*boundary\s*=\s*(?:"([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])"|([0-9A-Za-z'+_\-.]{1,70}))\s*(;|$)/i;

export const isMultipartRequest = (req: FastifyRequest): boolean => MULTIPART.test(req.headers['content-type'] ?? '');

const boundaryOf = (req: FastifyRequest): string | undefined => {
  const m = BOUNDARY.exec(req.headers['content-type'] ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
};

/**
 * A multipart body the multipart parser is to read must name a boundary busboy can split it by: 400
 * invalid_multipart otherwise. (`isMultipart` exists where @fastify/multipart is registered, and is true when its
 * parser took the body; a body nothing reads is no matter.)
 */
export function assertMultipartBoundary(req: FastifyRequest): void {
  const parsed = typeof req.isMultipart === 'function' && req.isMultipart();
  if (parsed && boundaryOf(req) === undefined)
    throw new AppError(400, 'invalid_multipart', { reason: 'no valid boundary in the content type' });
}

/**
 * Watches the raw body for the closing delimiter (`--boundary--` at the start of a line), which only a complete
 * form has: @fastify/multipart ends its parts quietly when the body stops early. Call it right after the parser
 * was started (the body flows from the next tick on); the answer tells whether the delimiter went by.
 */
export function watchClosingDelimiter(req: FastifyRequest): () => boolean {
  const boundary = boundaryOf(req);
  if (boundary === undefined) return () => false;
  const close = Buffer.from(`\r\n--${boundary}--`);
  // The bytes before the chunk at hand; a CRLF to begin with, so a form of no parts matches as well.
  let tail = Buffer.from('\r\n');
  let seen = false;
  const onData = (chunk: Buffer) => {
    const joint = Buffer.concat([tail, chunk.subarray(0, close.length)]);
    seen = joint.includes(close) || chunk.includes(close);
    if (seen) req.raw.off('data', onData);
    const keep = close.length - 1;
    tail = Buffer.from(chunk.length >= keep ? chunk.subarray(chunk.length - keep) : joint.subarray(-keep));
  };
  req.raw.on('data', onData);
  return () => {
    req.raw.off('data', onData);
    return seen;
  };
}

/** The body ended before its closing boundary: a part, or the whole form, was cut short. */
export const uploadIncomplete = (): AppError => new AppError(400, 'upload_incomplete');

const INVALID = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR']);

/**
 * The errors of reading a multipart body that the client caused, as the answer to give; undefined for anything
 * else (a full disk stays a 500). Busboy's errors carry no code, only their messages.
 */
export function multipartProblem(err: unknown, req: FastifyRequest): AppError | undefined {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && INVALID.has(code)) return new AppError(400, 'invalid_multipart');
  if (!isMultipartRequest(req) || typeof message !== 'string') return undefined;
  if (
    /terminated early|^Unexpected end of (multipart data|form)/.test(message) ||
    code === 'ERR_STREAM_PREMATURE_CLOSE'
  )
    return uploadIncomplete();
  if (/^Multipart: |^Malformed part header|^Boundary required|^The needle /.test(message))
    return new AppError(400, 'invalid_multipart');
  return undefined;
}

/** A client's file name as it may be stored: no control characters (PostgreSQL refuses NUL), at most `max` long. */
export const cleanFileName = (name: string, max = 200): string =>
  // eslint-disable-next-line no-control-regex
  name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);
