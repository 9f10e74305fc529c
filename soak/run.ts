/**
 * `npm run soak -- [--minutes N] [--learners N] [--processes N] [--coordinators N] [--import-rows N]
 *   [--import-at SHARE] [--kill] [--pg-restart] [--bucket-outage] [--all-faults] [--shared-db]`
 *
 * Issue 33: N server processes (default 3) on PostgreSQL with S3 storage behind nginx (soak/nginx.conf.template),
 * the content origin behind it too; virtual learners, coordinators and an admin act as real ones for the duration
 * (soak/users.ts); faults on request. Then the table per request type, RSS per process (soak/out/rss.svg), each
 * fault's cost, and the data check (soak/verify.ts). Exits 1 on a 5xx or dropped connection outside the fault
 * windows, a journey that did not finish, or data lost or duplicated.
 *
 * PostgreSQL: a cluster of its own (initdb in a temporary folder), so the restart fault touches no shared server;
 * with --shared-db a fresh database on DATABASE_URL's server instead (no restart fault there). The test run's short
 * soak is `npm run test:soak` (soak/ci.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/connect';
import { freePort } from '../apps/server/test/server-process';
import { runFaults } from './faults';
import { SoakHttp } from './http';
import { startNginx } from './nginx';
import { freshDatabaseOn, startOwnPostgres, type SoakPostgres } from './postgres';
import { rssGrowth, rssSvg, sampleRss } from './rss';
import { startBucket, startServers } from './stack';
import { Stats } from './stats';
import { adminImport, coordinator, learner, type Run } from './users';
import { drainJobs, verifyData } from './verify';
import { buildWorld } from './world';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    learners: { type: 'string', default: '200' },
    processes: { type: 'string', default: '3' },
    coordinators: { type: 'string' },
    'import-rows': { type: 'string', default: '5000' },
    'import-at': { type: 'string', default: '0.3' },
    kill: { type: 'boolean', default: false },
    'pg-restart': { type: 'boolean', default: false },
    'bucket-outage': { type: 'boolean', default: false },
    'all-faults': { type: 'boolean', default: false },
    'shared-db': { type: 'boolean', default: false },
  },
});

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');

/** What to undo when the soak ends, also on Ctrl-C: the cluster, the bucket, the processes, nginx. */
const cleanup: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const c of cleanup.splice(0).reverse()) await c().catch((err: unknown) => console.error('cleanup:', err));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.log(`soak: ${signal}, cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });

async function main(): Promise<number> {
  const minutes = Number(args.minutes);
  const durationMs = minutes * 60_000;
  const learners = Number(args.learners);
  const coordinators = Number(args.coordinators ?? Math.max(2, Math.round(learners / 50)));
  const importRows = Number(args['import-rows']);
  const all = args['all-faults'];
  const plan = {
    kill: all || args.kill,
    pgRestart: all || args['pg-restart'],
    bucketOutage: all || args['bucket-outage'],
  };

  const stats = new Stats();
  try {
    const postgres: SoakPostgres = args['shared-db']
      ? await freshDatabaseOn(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
      : await startOwnPostgres();
    cleanup.push(postgres.close);
    const bucket = await startBucket();
    cleanup.push(bucket.close);
    const appPort = await freePort();
    const contentPort = await freePort();
    const servers = await startServers({
      count: Number(args.processes),
      databaseUrl: postgres.url,
      bucketEnv: bucket.env,
      contentOrigin: `http://127.0.0.1:${contentPort}`,
    });
    cleanup.push(servers.stop);
    const nginx = await startNginx({ appPort, contentPort, upstreams: servers.slots });
    cleanup.push(nginx.stop);
    const handle = connectDatabase({ databaseUrl: postgres.url, poolMax: 4, onIdleError: () => undefined });
    cleanup.push(handle.close);
    console.log(
      `soak: ${servers.slots.length} processes behind nginx ${nginx.appUrl}, PostgreSQL ${postgres.own ? 'of its own' : 'shared'}, bucket ${bucket.env.S3_ENDPOINT}`,
    );

    const world = await buildWorld(handle.db, nginx.appUrl, { learners, coordinators });
    const http = new SoakHttp(stats, nginx.appUrl);
    cleanup.push(() => Promise.resolve(http.close()));
    const rss = sampleRss(servers.slots, Math.min(5_000, durationMs / 60));
    const started = Date.now();
    const run: Run = {
      http,
      world,
      contentUrl: nginx.contentUrl,
      deadline: started + durationMs,
      thinkScale: Math.min(1, Math.max(0.2, minutes / 10)),
    };
    console.log(
      `soak: ${learners} learners, ${coordinators} coordinators, an import of ${importRows} users; ${minutes} min; faults ${JSON.stringify(plan)}; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const failures: string[] = [];
    const watch = (what: string, p: Promise<unknown>) =>
      p.catch((err: unknown) => {
        failures.push(`${what}: ${(err as Error).message}`);
      });
    let importedRows: number | null = null;
    const tasks = [
      ...world.learners.map((l, i) => watch(l.email, learner(run, i, Math.random() * 0.75 * durationMs))),
      ...world.coordinators.map((email, i) => watch(email, coordinator(run, i))),
      ...(importRows > 0
        ? [
            watch(
              'admin import',
              adminImport(run, importRows, Number(args['import-at']) * durationMs).then(
                () => (importedRows = importRows),
              ),
            ),
          ]
        : []),
    ];
    const progress = setInterval(() => {
      const failed = stats.samples.filter((s) => s.status === 0 || s.status >= 500).length;
      console.log(
        `soak: +${Math.round((Date.now() - started) / 1000)} s, ${stats.samples.length} requests, ${failed} failed, ` +
          `load ${os.loadavg()[0]?.toFixed(1)}`,
      );
    }, 30_000);
    cleanup.push(() => Promise.resolve(clearInterval(progress)));
    const faultNotes = await runFaults(plan, durationMs, { stats, servers, postgres, bucket });
    await Promise.all(tasks);
    const ranMs = Date.now() - started;
    const loadAtEnd = os.loadavg();
    const drainedMs = await drainJobs(handle.db, world.clientId, 180_000);
    rss.stop();
    const problems = await verifyData(handle.db, world, {
      importedRows: importRows > 0 ? importedRows : null,
      storage: {
        dataDir: os.tmpdir(),
        storage: loadConfig({
          NODE_ENV: 'production',
          APP_SECRET: servers.env.APP_SECRET,
          DATA_DIR: os.tmpdir(),
          ...servers.env,
        }).storage,
      },
    });

    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'rss.svg'), rssSvg(rss.points, stats.faults));
    const table = stats.table();
    const growth = rssGrowth(rss.points, servers.slots.length);
    const faults = stats.faultReport();
    const outside = stats.failuresOutsideFaults();
    const serverErrors = (servers.output().match(/"level":50/g) ?? []).length;
    console.log(
      `\nsoak ran ${(ranMs / 60_000).toFixed(1)} min; jobs drained ${(drainedMs / 1000).toFixed(1)} s after; load average at the end ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.table(table);
    console.log(
      'RSS per process (warm = the tenth after the first fifth of the run, end = the last tenth; mean and lowest sample of each):',
    );
    console.table(growth);
    if (faults.length > 0) console.table(faults);
    for (const n of faultNotes) console.log(`fault: ${n}`);
    console.log(`server log lines at level error: ${serverErrors}`);
    for (const f of failures) console.log(`journey failed: ${f}`);
    for (const s of outside.slice(0, 20))
      console.log(
        `failure outside the fault windows: ${s.type} ${s.status} at +${((s.at - started) / 1000).toFixed(1)} s`,
      );
    for (const p of problems.slice(0, 50)) console.log(`data: ${p}`);
    const report = {
      minutes,
      learners,
      coordinators,
      processes: servers.slots.length,
      loadAtEnd,
      table,
      rss: growth,
      faults,
      faultNotes,
      failuresOutsideFaults: outside.length,
      journeyFailures: failures,
      dataProblems: problems,
      crashes: servers.slots.flatMap((s) => s.crashes),
    };
    writeFileSync(path.join(outDir, 'report.json'), JSON.stringify(report, null, 2));
    console.log(`written: ${path.join(outDir, 'report.json')}, ${path.join(outDir, 'rss.svg')}`);
    if (serverErrors > 0)
      console.log(
        servers
          .output()
          .split('\n')
          .filter((l) => l.includes('"level":50'))
          .slice(0, 5)
          .join('\n'),
      );
    const crashes = servers.slots.flatMap((s) => s.crashes);
    for (const c of crashes) console.log(`crash: ${c}`);
    const ok = outside.length === 0 && failures.length === 0 && problems.length === 0 && crashes.length === 0;
    console.log(
      ok
        ? 'soak: PASSED'
        : `soak: FAILED (${outside.length} failures outside faults, ${failures.length} journeys, ${problems.length} data problems, ${crashes.length} crashes)`,
    );
    return ok ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
