import { startS3TestServer, type S3TestServer } from './s3-test-server';

/**
 * vitest globalSetup (unit and e2e runs): with STORAGE=s3 and no S3_ENDPOINT, the suite runs against an s3rver of
 * its own on 127.0.0.1, so `STORAGE=s3 npm test` needs nothing else. Its settings go into process.env before the
 * test workers and server processes start, and they inherit them. With S3_ENDPOINT set, that service is used as is.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.STORAGE !== 's3' || process.env.S3_ENDPOINT) return undefined;
  const server: S3TestServer = await startS3TestServer(process.env.S3_BUCKET ?? 'lms-test');
  Object.assign(process.env, server.env);
  return () => server.close();
}
