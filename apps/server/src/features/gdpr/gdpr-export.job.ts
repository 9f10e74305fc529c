import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GDPR_EXPORT_KEEP_DAYS } from '@lms/contracts/gdpr';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { ZipFile } from 'yazl';
import type { AppDeps } from '../../platform/deps';
import { nowIso } from '../../platform/ids';
import type { JobContext, JobHandler } from '../../platform/jobs';
import { PermanentJobError } from '../../platform/jobs-retry';
import { makeTempDir, moveIntoStorage, openFromStorage, removeTemp, storageKey } from '../../platform/storage';
import { nextTurn } from '../../platform/turn-batch';
import { clientBaseUrl } from '../account';
import { sendTemplatedMail } from '../mail';
import { findClientDomain } from '../trainings';
import { findUserById, fullName } from '../users';
import {
  readAppointments,
  readAuditPage,
  readCertificates,
  readMessages,
  readPremium,
  readProfile,
  readScormPage,
  readTrainings,
} from './gdpr-export.repository';
import { exportSummaryHtml } from './gdpr-summary';
import { findExport, markExportFailed, markExportReady } from './gdpr.repository';

export const GDPR_EXPORT_JOB = 'gdpr.export';

export interface GdprExportPayload {
  exportId: string;
}

const DAY_MS = 86_400_000;
const PAGE = 500;
/** The job's progress counts the parts: profile, trainings, SCORM, each certificate, audit and the stored zip. */
const FIXED_STEPS = 5;

export const exportFileKey = (clientId: string, exportId: string): string =>
  storageKey(clientId, 'gdpr-exports', `${exportId}.zip`);

export const asLocale = (value: string): TLocale =>
  (LOCALES as readonly string[]).includes(value) ? (value as TLocale) : 'de-DE';

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** A JSON array written page by page, so a long list never sits in memory whole. */
function jsonArrayStream<T>(nextPage: (after: T | null) => Promise<T[]>): Readable {
  return Readable.from(
    (async function* () {
      yield '[\n';
      let first = true;
      let last: T | null = null;
      for (;;) {
        const rows = await nextPage(last);
        for (const r of rows) {
          yield `${first ? '' : ',\n'}${JSON.stringify(r)}`;
          first = false;
        }
        if (rows.length < PAGE) break;
        last = rows[rows.length - 1] ?? null;
        await nextTurn();
      }
      yield '\n]\n';
    })(),
  );
}

/**
 * Makes one person's export (issue 30 point 4, Art. 15 and 20): a zip with a JSON file per kind of data, the
 * certificates' PDFs as stored, and summary.html in the person's language. The zip is written to a temp file as
 * it is made (yazl streams; PDFs and long lists are read one at a time), then moved into storage; a mail tells the
 * one who asked, with a link to the app and no secret: the download needs their session.
 */
export function createGdprExportHandler(): JobHandler<GdprExportPayload> {
  return {
    kind: GDPR_EXPORT_JOB,
    leaseMs: 5 * 60_000,
    async run(ctx) {
      const { deps } = ctx;
      const clientId = ctx.job.clientId;
      if (!clientId) throw new PermanentJobError('a GDPR export belongs to a client');
      const row = await findExport(deps.db, clientId, ctx.job.payload.exportId);
      if (!row || row.status !== 'queued') return { skipped: true };
      try {
        return await makeExport(ctx, clientId, row);
      } catch (err) {
        if (err instanceof PermanentJobError || ctx.retryAt() === null)
          await markExportFailed(deps.db, clientId, row.id);
        throw err;
      }
    },
  };
}

async function makeExport(
  ctx: JobContext<GdprExportPayload>,
  clientId: string,
  row: { id: string; user_id: string; requested_by: string | null },
) {
  const { deps } = ctx;
  const { db } = deps;
  const userId = row.user_id;
  const person = await findUserById(db, clientId, userId);
  if (!person) throw new PermanentJobError('the person of this export no longer exists');
  const locale = asLocale(person.locale);
  let done = 0;
  let total = FIXED_STEPS;
  const step = () => ctx.progress({ total, done: ++done, succeeded: done });
  // Progress inside yazl's callbacks is a side note: a failed write there must not stop the zip.
  const tick = () => void step().catch(() => undefined);

  const generatedAt = nowIso();
  const profile = {
    generatedAt,
    ...(await readProfile(db, clientId, userId)),
    premium: await readPremium(db, clientId, userId),
  };
  await step();
  const trainings = await readTrainings(db, clientId, userId, locale);
  await step();
  const certificates = await readCertificates(db, clientId, userId, locale);
  const messages = await readMessages(db, clientId, userId);
  const appointments = await readAppointments(db, clientId, userId);
  total += certificates.length;

  const dir = await makeTempDir(deps.config);
  const zipPath = path.join(dir, 'export.zip');
  try {
    const zip = new ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(zipPath));
    const mtime = new Date(generatedAt);
    zip.addBuffer(
      Buffer.from(
        exportSummaryHtml(locale, { profile, trainings, certificates, messages, appointments, generatedAt }),
        'utf8',
      ),
      'summary.html',
      { mtime },
    );
    zip.addBuffer(json(profile), 'profile.json', { mtime });
    zip.addBuffer(json(trainings), 'trainings.json', { mtime });
    zip.addReadStreamLazy('scorm.json', { mtime }, (cb) => {
      tick();
      cb(
        null,
        jsonArrayStream<{ id: string }>((after) => readScormPage(db, clientId, userId, after?.id ?? null, PAGE)),
      );
    });
    zip.addBuffer(
      json(certificates.map(({ fileKey: _, ...c }) => ({ ...c, file: `certificates/${c.id}.pdf` }))),
      'certificates.json',
      { mtime },
    );
    for (const c of certificates) {
      zip.addReadStreamLazy(`certificates/${c.id}.pdf`, { mtime, compress: false }, (cb) => {
        tick();
        openFromStorage(deps.config, c.fileKey).then(
          (file) => cb(null, file?.stream ?? Readable.from([])),
          (err: unknown) => cb(err as Error, Readable.from([])),
        );
      });
    }
    zip.addBuffer(json(messages), 'messages.json', { mtime });
    zip.addBuffer(json(appointments), 'appointments.json', { mtime });
    zip.addReadStreamLazy('audit.json', { mtime }, (cb) => {
      tick();
      cb(
        null,
        jsonArrayStream<{ seq: number }>((after) => readAuditPage(db, clientId, userId, after?.seq ?? 0, PAGE)),
      );
    });
    zip.end();
    await written;

    const key = exportFileKey(clientId, row.id);
    const size = await moveIntoStorage(deps.config, zipPath, key);
    const readyAt = nowIso();
    const expiresAt = new Date(Date.now() + GDPR_EXPORT_KEEP_DAYS * DAY_MS).toISOString();
    await db.transaction().execute(async (trx) => {
      await markExportReady(trx, clientId, row.id, { key, size, readyAt, expiresAt });
      await mailRequester(deps, trx, clientId, row.requested_by, row.user_id);
      await ctx.progress({ total, done: total, succeeded: total }, trx);
    });
    return { exportId: row.id, size };
  } finally {
    await removeTemp(dir);
  }
}

/** The one who asked gets the mail: the person themself (link to their account page) or the admin (to the user list). */
async function mailRequester(
  deps: AppDeps,
  trx: Parameters<typeof sendTemplatedMail>[0],
  clientId: string,
  requestedBy: string | null,
  userId: string,
): Promise<void> {
  if (!requestedBy) return;
  const requester = await findUserById(trx, clientId, requestedBy);
  if (!requester?.email) return;
  const domain = await findClientDomain(trx, clientId);
  if (!domain) return;
  const page = requestedBy === userId ? '/account' : '/coordination/users';
  const name = fullName(requester);
  await sendTemplatedMail(trx, clientId, {
    kind: 'gdpr_export_ready',
    locale: asLocale(requester.locale),
    to: { address: requester.email, name },
    values: {
      firstName: requester.first_name,
      lastName: requester.last_name,
      name,
      link: new URL(page, clientBaseUrl(deps.config, domain)).toString(),
    },
  });
}
