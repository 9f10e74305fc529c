import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteDoc } from './openapi';
import { badRequest, fail } from './errors';
import { refuseNul } from './input-guards';
import { assertMultipartBoundary, cleanFileName, uploadIncomplete, watchClosingDelimiter } from './multipart';
import {
  removeTemp,
  saveUploadToTemp,
  sniffFile,
  UploadIncompleteError,
  UploadTooLargeError,
  type SniffedType,
} from './storage';

// Multipart uploads (spec section 7: course modules and files): one JSON `data` field validated by a contract
// schema, and named file parts streamed to DATA_DIR/tmp. The caller moves what it keeps and always calls cleanup().

export type UploadedFile = { path: string; size: number; fileName: string; type: SniffedType | undefined };

export type ParsedUpload<T> = {
  data: T;
  files: Partial<Record<string, UploadedFile>>;
  cleanup: () => Promise<void>;
};

export type UploadRules<S extends z.ZodType> = {
  schema: S;
  /** Accepted file part names and the most bytes each may have. */
  fileLimits: Record<string, number>;
  dataDir: string;
};

/**
 * Reads the request's upload when called: a service calls it after its access checks, so a refused request
 * streams nothing to disk.
 */
export type ReadUpload<T> = () => Promise<ParsedUpload<T>>;

const MAX_DATA_BYTES = 256 * 1024;

/** A file part of a multipart body, in the OpenAPI document. */
const filePart = (maxBytes: number) =>
  z.string().meta({ format: 'binary', description: `A file of at most ${maxBytes} bytes.` });

/**
 * The OpenAPI body of an upload read with these rules (platform/openapi.ts): the `data` field is JSON that the
 * rules' schema validates, beside the named file parts; from the same rules the reader uses, so it cannot drift.
 */
export const uploadDoc = (rules: Pick<UploadRules<z.ZodType>, 'schema' | 'fileLimits'>): RouteDoc => ({
  body: {
    contentType: 'multipart/form-data',
    schema: z.object({
      data: rules.schema,
      ...Object.fromEntries(Object.entries(rules.fileLimits).map(([name, max]) => [name, filePart(max).optional()])),
    }),
    encoding: { data: { contentType: 'application/json' } },
  },
});

/** The OpenAPI body of a route that reads one file part (`req.file()`) of at most `maxBytes`. */
export const fileUploadDoc = (maxBytes: number, part = 'file'): RouteDoc => ({
  body: { contentType: 'multipart/form-data', schema: z.object({ [part]: filePart(maxBytes) }) },
});

/**
 * One route plugin's reader: the rules bound once, the request per call. `openapi` is the body it reads, for the
 * routes' `config.openapi`.
 */
export const uploadReader = <S extends z.ZodType>(rules: UploadRules<S>) =>
  Object.assign(
    (req: FastifyRequest): ReadUpload<z.output<S>> =>
      () =>
        readMultipartUpload(req, rules),
    { openapi: uploadDoc(rules) },
  );

/** Reads the upload and hands it to `use`; its temp files go whatever happens. */
export async function withUpload<T, R>(read: ReadUpload<T>, use: (upload: ParsedUpload<T>) => Promise<R>): Promise<R> {
  const upload = await read();
  try {
    return await use(upload);
  } finally {
    await upload.cleanup();
  }
}

/** A file part the request must carry (400 naming the part when it is missing). */
export const requireFilePart = (upload: ParsedUpload<unknown>, name: string): UploadedFile =>
  upload.files[name] ?? badRequest('validation_failed', { fields: [{ field: name, message: 'required' }] });

export async function readMultipartUpload<S extends z.ZodType>(
  req: FastifyRequest,
  rules: UploadRules<S>,
): Promise<ParsedUpload<z.output<S>>> {
  if (!req.isMultipart())
    badRequest('validation_failed', { fields: [{ field: 'body', message: 'multipart/form-data expected' }] });
  assertMultipartBoundary(req);
  const files: Partial<Record<string, UploadedFile>> = {};
  const cleanup = async () => {
    for (const f of Object.values(files)) if (f) await removeTemp(f.path);
  };
  let raw: string | undefined;
  const limit = Math.max(...Object.values(rules.fileLimits));
  let data: z.output<S>;
  try {
    const limits = {
      fileSize: limit,
      files: Object.keys(rules.fileLimits).length,
      fields: 4,
      fieldSize: MAX_DATA_BYTES,
    };
    const parts = req.parts({ limits })[Symbol.asyncIterator]();
    // The first step starts the parser; the body flows from the next tick on, so the watch sees all of it.
    const first = parts.next();
    const complete = watchClosingDelimiter(req);
    for (let step = await first; !step.done; step = await parts.next()) {
      const part = step.value;
      if (part.type === 'field') {
        if (part.fieldname === 'data') raw = String(part.value);
        continue;
      }
      // The part's name comes from the request: only the route's own file fields count, never inherited names.
      const max = Object.hasOwn(rules.fileLimits, part.fieldname) ? rules.fileLimits[part.fieldname] : undefined;
      if (max === undefined || Object.hasOwn(files, part.fieldname)) {
        part.file.resume();
        badRequest('validation_failed', { fields: [{ field: part.fieldname, message: 'unexpected file part' }] });
      }
      const saved = await saveUploadToTemp(rules.dataDir, part.file, max as number);
      files[part.fieldname] = {
        ...saved,
        fileName: cleanFileName(part.filename, 255),
        type: await sniffFile(saved.path),
      };
    }
    // Busboy ends the parts quietly when the body stops before its closing boundary.
    if (!complete()) throw uploadIncomplete();
    data = validData(rules.schema, raw);
  } catch (err) {
    await cleanup();
    if (err instanceof UploadTooLargeError) fail(413, 'payload_too_large');
    if (err instanceof UploadIncompleteError) throw uploadIncomplete();
    throw err;
  }
  return { data, files, cleanup };
}

/** The `data` field: JSON without NUL characters that the contract schema accepts (400 naming the fields). */
function validData<S extends z.ZodType>(schema: S, raw: string | undefined): z.output<S> {
  const value = parseJson(raw);
  refuseNul(value, 'data');
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => ({
    field: ['data', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  return badRequest('validation_failed', { fields });
}

function parseJson(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return Symbol('invalid json');
  }
}
