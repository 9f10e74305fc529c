import type { Answer, Call, SoakHttp } from './http';
import { isFailure } from './stats';
import { PASSWORD, type World } from './world';

/** SCORM 1.2's whole cmi.suspend_data (CMIString4096): what a long course keeps between pages. */
const SUSPEND_DATA = 's'.repeat(4_000);
export const COMMITS = 20;

export interface Run {
  http: SoakHttp;
  world: World;
  contentUrl: string;
  /** When the idle browsing stops (journeys under way still finish). */
  deadline: number;
  /** Think times are multiplied by this (a short soak thinks faster, so each journey fits in it). */
  thinkScale: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = (run: Run, minS: number, maxS: number) =>
  sleep(1000 * run.thinkScale * (minS + Math.random() * (maxS - minS)));

/**
 * A call as a person makes it: a dropped connection or a 5xx is tried again after a pause (up to about a minute, so a
 * 30 s outage is survived), anything else is the answer. Every try is recorded.
 */
async function retrying(run: Run, call: () => Call): Promise<Answer> {
  let res: Answer | undefined;
  for (let attempt = 0; attempt < 40; attempt++) {
    res = await run.http.call(call());
    if (!isFailure(res)) return res;
    await sleep(1000 + Math.random() * 1000);
  }
  return res!;
}

function expectOk(res: Answer, what: string): Answer {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body.toString().slice(0, 300)}`);
  return res;
}

export async function signIn(run: Run, email: string, ip: string): Promise<string> {
  const res = await retrying(run, () => ({
    type: 'login',
    url: '/api/user/login',
    host: run.world.host,
    body: { emailOrUsername: email, password: PASSWORD },
    headers: { 'x-forwarded-for': ip },
  }));
  return expectOk(res, `login ${email}`).json<{ token: string }>().token;
}

const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One launch of a module through the balancer's content origin: the runtime's launch, state and session. */
async function launch(run: Run, token: string, moduleId: string, type: string) {
  const { world } = run;
  const res = await retrying(run, () => ({
    type: `launch ${type}`,
    url: `/api/course-training/${world.trainingId}/module/${moduleId}/launch`,
    method: 'POST',
    host: world.host,
    token,
  }));
  const launchUrl = new URL(expectOk(res, `launch ${type}`).json<{ launchUrl: string }>().launchUrl);
  const launchToken = launchUrl.pathname.split('/')[2] ?? '';
  const content = (path: string, kind: string) =>
    retrying(run, () => ({ type: kind, url: `${run.contentUrl}${path}`, host: launchUrl.host }));
  expectOk(await content(`/player/${launchToken}/`, 'player page'), 'player page');
  const state = expectOk(await content(`/runtime/${launchToken}/state`, 'runtime state'), 'runtime state');
  const { session, startItemId } = state.json<{ session: string; startItemId: string }>();
  let seq = 0;
  const commit = (cmi: unknown, kind: string) =>
    retrying(run, () => ({
      type: kind,
      url: `${run.contentUrl}/runtime/${launchToken}/commit`,
      method: 'POST',
      host: launchUrl.host,
      // A retried commit is a new one (a player's next LMSCommit): the same seq would be refused as stale if the
      // first had been written before its answer was lost.
      body: { session, seq: ++seq, instance: 1, itemId: startItemId, ...(cmi ? { cmi } : {}) },
    }));
  return { launchToken, content, commit };
}

/**
 * A learner's Monday: sign in, dashboard, the training, the SCORM module with COMMITS commits of 4 KB suspend data
 * (the last one completes it), the PDF module, the certificate. Then browses the dashboard until the deadline.
 * Answers whether the journey finished with a certificate.
 */
export async function learner(run: Run, index: number, startAfterMs: number): Promise<void> {
  await sleep(startAfterMs);
  const { world } = run;
  const me = world.learners[index]!;
  const token = await signIn(run, me.email, ipOf(index + 1));
  const get = (type: string, url: string) => retrying(run, () => ({ type, url, host: world.host, token }));
  expectOk(await get('dashboard', '/api/user-course-trainings'), 'dashboard');
  await think(run, 1, 4);
  expectOk(await get('training', `/api/user-course-trainings/${world.trainingId}`), 'training');
  await think(run, 1, 3);

  const scorm = await launch(run, token, world.scormModuleId, 'scorm');
  expectOk(await scorm.content(`/content/${scorm.launchToken}/shared/launchpage.html`, 'package file'), 'package file');
  for (let n = 1; n <= COMMITS; n++) {
    await think(run, 1, 3);
    const last = n === COMMITS;
    const res = await scorm.commit(
      {
        core: {
          lesson_location: `page-${n}`,
          lesson_status: last ? 'completed' : 'incomplete',
          exit: last ? '' : 'suspend',
          session_time: '00:01:00',
          score: { raw: String(50 + n), min: '0', max: '100' },
        },
        suspend_data: SUSPEND_DATA,
      },
      'scorm commit',
    );
    expectOk(res, `commit ${n}`);
    if (last && res.json<{ moduleStatus: string }>().moduleStatus !== 'COMPLETED')
      throw new Error(`the last commit did not complete the module: ${res.body.toString()}`);
  }
  await think(run, 1, 3);
  expectOk(await get('training', `/api/user-course-trainings/${world.trainingId}`), 'training');

  const pdf = await launch(run, token, world.pdfModuleId, 'pdf');
  expectOk(await pdf.commit(undefined, 'pdf opened'), 'pdf opened');

  // The certificate is made by a job: the learner looks again until it is there.
  let certificateId: string | undefined;
  for (let tries = 0; !certificateId; tries++) {
    if (tries > 120) throw new Error(`no certificate for ${me.email} after 4 minutes`);
    await sleep(2_000);
    const list = expectOk(await get('certificate list', '/api/course-certificate'), 'certificate list');
    certificateId = list
      .json<{ items: { id: string; trainingId: string }[] }>()
      .items.find((c) => c.trainingId === world.trainingId)?.id;
  }
  const pdfFile = expectOk(
    await get('certificate download', `/api/course-certificate/${certificateId}/download`),
    'certificate',
  );
  if (pdfFile.body.subarray(0, 5).toString() !== '%PDF-') throw new Error('the certificate is not a PDF');

  // Then back now and then until the end: the dashboard, and every third time the certificate again (a download
  // from the bucket at any time of the run, so a bucket outage meets some).
  for (let visit = 1; Date.now() < run.deadline; visit++) {
    await think(run, 8, 20);
    expectOk(await get('dashboard', '/api/user-course-trainings'), 'dashboard');
    if (visit % 3 === 0)
      expectOk(await get('certificate download', `/api/course-certificate/${certificateId}/download`), 'certificate');
  }
}

/** A coordinator: the status table, the user list and "remind all open", with pauses, until the deadline. */
export async function coordinator(run: Run, index: number): Promise<void> {
  const { world } = run;
  const token = await signIn(run, world.coordinators[index]!, ipOf(60_000 + index));
  const call = (type: string, url: string, body?: unknown) =>
    retrying(run, () => ({ type, url, host: world.host, token, ...(body ? { body } : {}) }));
  while (Date.now() < run.deadline) {
    const sort = ['name', 'status', 'progress'][Math.floor(Math.random() * 3)];
    expectOk(
      await call(
        'status table',
        `/api/course-training-user-value/${world.trainingId}/get-status-of-all-users?page=1&pageSize=100&sort=${sort}`,
      ),
      'status table',
    );
    await think(run, 3, 8);
    const page = 1 + Math.floor(Math.random() * 5);
    expectOk(await call('user list', `/api/users?page=${page}&pageSize=50`), 'user list');
    await think(run, 3, 8);
    expectOk(await call('remind all', `/api/course-training/${world.trainingId}/remind`, {}), 'remind all');
    await think(run, 5, 15);
  }
}

export const IMPORT_DOMAIN = 'import.soak.test';

/** The admin's CSV import of `rows` users with activation mails, started after `startAfterMs`; answers its id. */
export async function adminImport(run: Run, rows: number, startAfterMs: number): Promise<{ importId: string }> {
  const giveUpAt = run.deadline + 3 * 60_000;
  await sleep(startAfterMs);
  const { world } = run;
  const token = await signIn(run, world.admin, ipOf(61_000));
  const lines = ['Vorname;Nachname;E-Mail'];
  for (let i = 1; i <= rows; i++) lines.push(`Neu${i};Import${i};neu-${i}@${IMPORT_DOMAIN}`);
  const boundary = `----soak${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(lines.join('\n')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const preview = expectOk(
    await retrying(run, () => ({
      type: 'import upload',
      url: '/api/users/import',
      host: world.host,
      token,
      raw: { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    })),
    'import upload',
  ).json<{ id: string; mapping: unknown }>();
  const started = await retrying(run, () => ({
    type: 'import run',
    url: `/api/users/import/${preview.id}/run`,
    host: world.host,
    token,
    body: { mapping: preview.mapping, sendActivationMail: true },
  }));
  // A 409 answers a retry whose first try started the import before its answer was lost.
  if (started.status !== 409) expectOk(started, 'import run');
  for (;;) {
    await sleep(3_000);
    const status = expectOk(
      await retrying(run, () => ({
        type: 'import status',
        url: `/api/users/import/${preview.id}`,
        host: world.host,
        token,
      })),
      'import status',
    ).json<{ status: string; error: string | null }>();
    if (status.status === 'done') return { importId: preview.id };
    if (status.status === 'failed') throw new Error(`the import failed: ${status.error}`);
    // An import whose process was killed resumes when its lease (5 min) runs out, after its last committed batch
    // (test/import-kill.test.ts); a soak shorter than that stops watching in the end.
    if (Date.now() > giveUpAt) throw new Error(`the import is still '${status.status}' 3 minutes after the end`);
  }
}
