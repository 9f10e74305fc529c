import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pickLocalized } from '@lms/contracts/modules';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { fileStore, storageKey } from '../../platform/storage';
import { assertSafeKey } from '../../platform/storage/file-store';
import { sendStored } from '../../platform/storage/send-stored';
import { moduleStorageKey } from '../modules';
import { verifyLaunchToken, checkToken, openRuntime } from '../scorm-runtime';
import { packageCsp, playerCsp } from './content-security';
import { isPlayerAsset, PLAYER_ASSETS, renderPlayerPage } from './player-page';

const here = path.dirname(fileURLToPath(import.meta.url));
const ownAssets = path.join(here, 'assets');
// scorm-again's browser bundles, served from node_modules as they were installed (pinned 3.4.3).
const scormAgainDist = path.dirname(createRequire(import.meta.url).resolve('scorm-again'));

/** The package path as a key below the package; no dot-file, no step out of it (undefined: 404). */
function packageFileKey(file: string): string | undefined {
  if (file === '' || file.split('/').some((s) => s.startsWith('.'))) return undefined;
  try {
    return assertSafeKey(file);
  } catch {
    return undefined;
  }
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Player page, its assets, and the package files of a launch (ARCHITECTURE section 6). */
export const playerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get<{ Params: { file: string } }>('/player/assets/:file', (req, reply) => {
    const { file } = req.params;
    if (!isPlayerAsset(file)) return reply.callNotFound();
    const dir = file.startsWith('scorm') ? scormAgainDist : ownAssets;
    return reply
      .type(PLAYER_ASSETS[file])
      .sendFile(file, dir, { cacheControl: false })
      .header('cache-control', 'public, max-age=300');
  });

  const playerPage = async (req: { params: { token: string } }, reply: FastifyReply) => {
    const check = verifyLaunchToken(deps.config.appSecret, req.params.token);
    if (!check.ok && check.reason === 'expired') {
      // The player script shows the expiry message from /runtime/<token>/state's 401.
      reply.header('content-security-policy', playerCsp(check.claims.d));
      return noStore(reply)
        .type('text/html; charset=utf-8')
        .send(renderPlayerPage({ title: '', lang: 'de', version: null }));
    }
    const ctx = await openRuntime(deps, req.params.token);
    const title = pickLocalized(ctx.module.titles, ctx.learner.locale)?.title ?? ctx.module.manifest.title;
    reply.header('content-security-policy', playerCsp(ctx.claims.d));
    return noStore(reply)
      .type('text/html; charset=utf-8')
      .send(renderPlayerPage({ title, lang: ctx.learner.locale.slice(0, 2), version: ctx.module.version }));
  };
  app.get<{ Params: { token: string } }>('/player/:token/', playerPage);
  app.get<{ Params: { token: string } }>('/player/:token', playerPage);

  // Package files come from the store (local disk or a bucket), so any process serves any package.
  app.get<{ Params: { token: string; '*': string } }>('/content/:token/*', async (req, reply) => {
    const claims = checkToken(deps, req.params.token);
    const file = packageFileKey(req.params['*']);
    if (!file) return reply.callNotFound();
    const key = `${storageKey(...moduleStorageKey(claims.c, claims.co, claims.m).split('/'), claims.p)}/${file}`;
    reply.header('content-security-policy', packageCsp(claims.d));
    const sent = await sendStored(req, reply, fileStore(deps.config), key, 'private, max-age=300');
    return sent ? reply : reply.callNotFound();
  });
  await Promise.resolve();
};
