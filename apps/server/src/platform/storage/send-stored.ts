import type { FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime';
import type { FileStore, StoredInfo } from './file-store';

/** The content type of a stored file by its name; text types say UTF-8, as browsers otherwise guess. */
export function contentTypeOf(key: string): string {
  const type = mime.getType(key) ?? 'application/octet-stream';
  return /^text\/|^application\/(javascript|json|xml)|\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}

type Range = { start: number; end: number };

/**
 * One `bytes=` range of RFC 9110 section 14.1.2 against a size: a range, 'unsatisfiable', or undefined when the
 * header is absent, malformed or asks for several ranges (then the whole file is the answer, as the RFC allows).
 */
export function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | undefined {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const matches = (ifNoneMatch: string, etag: string): boolean =>
  ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);

/**
 * Answers a stored file the way a static file server does: content type by name, `ETag` and `Last-Modified`,
 * 304 to a matching `If-None-Match`, one `Range` (206, or 416 beyond the end), `Accept-Ranges`. The body streams from
 * the store. Answers false when the key holds no file, so the caller sends its 404.
 */
export async function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  key: string,
  cacheControl: string,
): Promise<boolean> {
  const conditional = req.headers['if-none-match'] !== undefined || req.headers.range !== undefined;
  // A plain GET asks the store once; a conditional one needs the size and tag before it decides.
  let info: StoredInfo | undefined;
  let range: Range | undefined;
  if (conditional) {
    info = await store.stat(key);
    if (!info) return false;
    const inm = req.headers['if-none-match'];
    if (inm !== undefined && matches(inm, info.etag)) {
      headers(reply, key, info, cacheControl);
      await reply.status(304).send();
      return true;
    }
    const parsed = req.method === 'GET' ? parseRange(req.headers.range, info.size) : undefined;
    if (parsed === 'unsatisfiable') {
      headers(reply, key, info, cacheControl);
      await reply.status(416).header('content-range', `bytes */${info.size}`).send();
      return true;
    }
    range = parsed;
  }
  const file = await store.open(key, range);
  if (!file) return false;
  headers(reply, key, file, cacheControl);
  reply.header('content-length', String(file.end - file.start + 1));
  if (range) reply.status(206).header('content-range', `bytes ${file.start}-${file.end}/${file.size}`);
  if (req.method === 'HEAD') {
    file.stream.destroy();
    await reply.send();
    return true;
  }
  await reply.send(file.stream);
  return true;
}

function headers(reply: FastifyReply, key: string, info: StoredInfo, cacheControl: string): void {
  reply
    .type(contentTypeOf(key))
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('cache-control', cacheControl);
}
