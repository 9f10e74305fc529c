import { flushSessionTouches } from './platform/session-touches';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { buildContentApp } from './content-app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './features/demo/demo-seed';
import { createJobHandlers, jobSchedules } from './job-handlers';
import { freezeIntrinsics, intrinsicsFrozen } from './platform/freeze-intrinsics';
import { startWorkers } from './platform/jobs';
import { startScheduler } from './platform/scheduler';
import { logOutput } from './platform/log-output';
import { clientsOnContentHost, contentHostOf } from './platform/tenant';
import { hasClientAt, startBanner } from './start-banner';
import { removeStaleTemp } from './platform/storage/temp-cleanup';
import { setShortCachesEnabled } from './platform/short-cache';

const here = path.dirname(fileURLToPath(import.meta.url));

async function start(): Promise<void> {
  const config = loadConfig();
  setShortCachesEnabled(config.shortCaches);
  // Where the pool reports a lost idle connection; the app's logger once it exists.
  let warn: (msg: string, err: Error) => void = (msg, err) => console.warn(msg, err.message);
  const { db, dialect, close } = connectDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'lms.sqlite'),
    poolMax: config.dbPoolMax,
    // A query beside an open transaction fails loudly outside production (db/connection-guard.ts).
    guard: { strict: config.env !== 'production', acquireTimeoutMs: config.dbAcquireTimeoutMs },
    // A database restart ends the idle connections: log it and go on (the pool opens new ones).
    onIdleError: (err) => warn('idle database connection lost', err),
  });
  const { newer } = await migrateToLatest(db, dialect);
  // Temp files a crashed process left in its DATA_DIR/tmp (the daily clean-up covers only the process it runs on).
  await removeStaleTemp(config.dataDir, new Date());
  // Readable lines at a terminal in development, JSON otherwise (platform/log-output.ts).
  const logger = logOutput({ level: config.logLevel, env: config.env, isTTY: process.stdout.isTTY === true });
  const app = await buildApp({ config, db, dialect }, { logger, webDist: path.resolve(here, '../../web/dist') });
  // ARCHITECTURE section 6: package files and the SCORM player live on a second port (the content origin).
  const contentApp = await buildContentApp({ config, db, dialect }, { logger });
  warn = (msg, err) => app.log.warn({ err: err.message }, msg);
  // A rolling upgrade is under way (docs/operations.md section 5): this process is of the older release.
  if (newer.length > 0) app.log.warn({ newer }, 'database migrated by a newer release; starting on it unchanged');

  // Every module is loaded now: freeze the shared prototypes against pollution (platform/freeze-intrinsics.ts).
  freezeIntrinsics();
  app.log.info({ frozen: intrinsicsFrozen() }, 'Object, Array and Function prototypes frozen');

  const seeded = config.demo ? await seedDemoData(db, config.demoPassword, config) : undefined;
  if (seeded?.generated) app.log.warn(`Demo data seeded. Password of every demo user: ${seeded.password}`);
  else if (seeded) app.log.info('Demo data seeded with LMS_DEMO_PASSWORD.');
  // ARCHITECTURE section 6: a client on the content origin's host name would share its `auth` cookie with SCORM
  // content (cookies ignore ports); the tenant resolver refuses that host, so such a client is unreachable.
  const clash = await clientsOnContentHost(db, config.contentOrigin);
  if (clash.length > 0)
    app.log.warn(
      { clients: clash, contentHost: contentHostOf(config.contentOrigin) },
      `CONTENT_ORIGIN host name ${contentHostOf(config.contentOrigin)} is the platform domain of ${clash.join(', ')}; ` +
        'that client is not served on it. Give the content origin a host name of its own.',
    );

  // Graceful shutdown: stop accepting, let in-flight requests finish, close the database, exit 0.
  let stopping = false;
  const workers: { stop?: () => Promise<void> } = {};
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 9_000);
    force.unref();
    // Keep-alive connections that finish their last request after close() began would otherwise linger until
    // their keep-alive timeout; close each one as soon as it goes idle.
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      contentApp.server.closeIdleConnections();
    }, 100);
    sweep.unref();
    Promise.all([app.close(), contentApp.close()])
      .then(() => workers.stop?.())
      .then(() => flushSessionTouches(db).catch(() => undefined))
      .then(close)
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Fastify would announce each socket as a URL (127.0.0.1, the machine's IP); opened in a browser those answer
  // client_not_found, since a client is found by its host name. The banner below names the address that answers.
  const bound = (origin: string) => (address: string) =>
    `${origin} listening on ${address.replace(/^https?:\/\//, '')}`;
  await app.listen({ port: config.port, host: config.host, listenTextResolver: bound('app origin') });
  await contentApp.listen({
    port: config.contentPort,
    host: config.host,
    listenTextResolver: bound('content origin'),
  });
  if (config.env !== 'production')
    process.stdout.write(
      startBanner({ port: config.port, servesLocalhost: await hasClientAt(db, 'localhost'), seeded }),
    );
  // Background work (mail queue, later reminders and certificates) starts once the server listens; on shutdown it
  // stops after the last request and before the database closes.
  // The scheduler enqueues recurring jobs at their due times (platform/scheduler.ts); it stops before the workers.
  const stopScheduler = startScheduler({ config, db, dialect }, jobSchedules, { log: app.log });
  const stopWorkers = startWorkers({ config, db, dialect }, createJobHandlers(), { log: app.log });
  workers.stop = () => stopScheduler().then(stopWorkers);
}

start().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
