import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Caller } from '../../../test/test-app';
import { SCORM_FIXTURES, zipFolder } from '../scorm/test-zip';

// Test helpers: multipart bodies built by hand (what a browser's FormData sends) and SCORM zips built at test time
// from the fixtures in test-fixtures/scorm. Test-only; never imported by the app.

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lms${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push('value' in part ? Buffer.from(part.value) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const postMultipart = (who: Caller, url: string, parts: Part[]): Promise<LightMyRequestResponse> =>
  who.inject({ method: 'POST', url, ...multipart(parts) });

const zipCache = new Map<string, Promise<Buffer>>();

/** A golf example (or any fixture folder of test-fixtures/scorm) zipped in memory, once per test file. */
export function corpusZip(folder: string): Promise<Buffer> {
  let bytes = zipCache.get(folder);
  if (!bytes) {
    bytes = zipFolder(path.join(SCORM_FIXTURES, folder));
    zipCache.set(folder, bytes);
  }
  return bytes;
}

/** The smallest file every PDF reader opens: enough for magic-byte checks. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const moduleData = (title = 'Golf', durationInMinutes = 45) =>
  JSON.stringify({ i18n: { 'de-DE': { title }, 'en-US': { title: `${title} (en)` } }, durationInMinutes });

/** Uploads a module to a course and answers the response. */
export const uploadModule = (
  who: Caller,
  courseId: string,
  file: { content: Buffer; filename: string } | undefined,
  opts: { moduleId?: string; data?: string } = {},
): Promise<LightMyRequestResponse> =>
  postMultipart(who, `/api/courses/${courseId}/modules${opts.moduleId ? `/${opts.moduleId}` : ''}`, [
    { name: 'data', value: opts.data ?? moduleData() },
    ...(file ? [{ name: 'file', filename: file.filename, content: file.content }] : []),
  ]);

export const golfZip = async (folder: string) => ({
  content: await corpusZip(`golf/${folder}`),
  filename: `${folder}.zip`,
});
