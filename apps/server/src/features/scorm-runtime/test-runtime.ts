import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import type { Caller, TestContext } from '../../../test/test-app';
import { buildContentApp } from '../../content-app';
import { golfZip, uploadModule } from '../modules/test-upload';

// Test helpers for the runtime and the content origin: a content-origin app beside the test's app, a content master
// with an uploaded golf package, and calls on the content origin with the launch token. Test-only.

export const CONTENT_HOST = '127.0.0.1:3001';

/** One content-origin app per dialect context, closed with it. */
export function contentAppFor(ctx: () => TestContext): () => Promise<FastifyInstance> {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
  });
  return async () => (app ??= await buildContentApp(ctx().deps));
}

/** Saved CMI data as the data call answers it; `core` is SCORM 1.2's, the rest is read as it comes. */
export type TestCmi = { core: Record<string, string | undefined>; suspend_data?: string } & Record<string, unknown>;

export type Launched = {
  token: string;
  launchUrl: string;
  get: (path: string) => Promise<LightMyRequestResponse>;
  commit: (body: Record<string, unknown>, contentType?: string) => Promise<LightMyRequestResponse>;
  state: () => Promise<RuntimeState>;
  data: (itemId: string) => Promise<{ itemId: string; cmi: TestCmi }>;
};

export type RuntimeState = {
  version: string;
  session: string;
  startItemId: string;
  moduleStatus: string;
  preview: boolean;
  launchables: Array<{ itemId: string; status: string; href: string; scormType: string }>;
  toc: unknown[];
};

export const tokenOf = (launchUrl: string): string => new URL(launchUrl).pathname.split('/')[2] ?? '';

export function onContentOrigin(content: FastifyInstance, launchUrl: string): Launched {
  const token = tokenOf(launchUrl);
  const get = (path: string) => content.inject({ method: 'GET', url: path, headers: { host: CONTENT_HOST } });
  return {
    token,
    launchUrl,
    get,
    commit: (body, contentType = 'application/json') =>
      content.inject({
        method: 'POST',
        url: `/runtime/${token}/commit`,
        headers: { host: CONTENT_HOST, 'content-type': contentType },
        payload: JSON.stringify(body),
      }),
    state: async () => (await get(`/runtime/${token}/state`)).json<RuntimeState>(),
    data: async (itemId) =>
      (await get(`/runtime/${token}/data?item=${encodeURIComponent(itemId)}`)).json<{
        itemId: string;
        cmi: TestCmi;
      }>(),
  };
}

export type ContentSetup = {
  client: TestClient;
  content: Caller & { token: string };
  courseId: string;
  moduleId: string;
  preview: (restart?: boolean) => Promise<LightMyRequestResponse>;
};

/** A content master of a fresh client with one course holding the given golf package. */
export async function setupPackage(ctx: () => TestContext, folder: string): Promise<ContentSetup> {
  const { app, deps } = ctx();
  const client = await createClient(deps.db);
  const content = await signIn(
    app,
    await createUser(deps.db, client, { role: 'CONTENT_MASTER', first_name: 'Clara', last_name: 'Content' }),
  );
  const course = await content.post('/api/courses', { i18n: { 'de-DE': { title: 'Golf', description: '' } } });
  const courseId = course.json<{ id: string }>().id;
  const uploaded = await uploadModule(content, courseId, await golfZip(folder));
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  const moduleId = uploaded.json<{ id: string }>().id;
  const preview = (restart = false) =>
    content.post(`/api/courses/${courseId}/modules/${moduleId}/preview-launch`, { restart });
  return { client, content, courseId, moduleId, preview };
}
