import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TMailTemplateKind } from '@lms/contracts/mail-templates';
import type { TNotificationType } from '@lms/contracts/messages';
import { pickLocalized } from '@lms/contracts/modules';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import type { JobHandler } from '../../platform/jobs';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { nextTurn } from '../../platform/turn-batch';
import { clientBaseUrl } from '../account';
import { loadCourse } from '../courses';
import { userIdsOfGroup } from '../groups';
import { sendTemplatedMail } from '../mail';
import { notifyUsers } from '../messages';
import { formatCertificateDate } from '../templates';
import {
  expireLapsed,
  findClientDomain,
  openDueCycles,
  trainingGroupIds,
  trainingOfClient,
  trainingsWithValidity,
  type ValidityChange,
} from '../trainings';
import { findUserById } from '../users';
import { insertNotices, noticedOn } from './recertification.repository';

// Issue 30 point 1: once a day, for every training with a validity, the renewal windows that opened start the next
// cycle (with the renewal mail and notification) and the validities that ended without a renewal become EXPIRED
// (with their mail and notification); the training's coordinators get one summary of each per day.
//
// Exactly once, however many runs and processes: the participant's change is a compare-and-set (only one run changes
// a row and hears of it), and every mail and notification is recorded in validity_notices with insert-or-skip on
// (client, training, recipient, kind, ref) in the same transaction, as training_reminders does for reminders. A
// coordinator's summary is made from the notices of the day, so a run that stopped between the participants and the
// coordinators still sends it when it runs again.

export const recertificationSchedule = defineSchedule({
  name: 'trainings.recertification',
  every: { dailyAt: '05:30' },
  jobKind: 'trainings.recertification',
  catchUp: 'once',
});

const BATCH = 200;

type Kind = 'recertification_due' | 'certification_expired';
const COORDINATOR_MAIL: Record<Kind, TMailTemplateKind> = {
  recertification_due: 'recertification_due_coordinator',
  certification_expired: 'certification_expired_coordinator',
};
const SUMMARY: Record<Kind, TNotificationType> = {
  recertification_due: 'recertification_due_summary',
  certification_expired: 'certification_expired_summary',
};

const asLocale = (value: string): TLocale =>
  (LOCALES as readonly string[]).includes(value) ? (value as TLocale) : DEFAULT_LOCALE;

interface TrainingContext {
  clientId: string;
  trainingId: string;
  titles: Partial<Record<TLocale, { title: string }>>;
  fallbackTitle: string;
  learnerLink: string;
  coordinatorLink: string;
}

async function trainingContext(deps: AppDeps, clientId: string, trainingId: string) {
  const training = await trainingOfClient(deps.db, clientId, trainingId);
  if (!training) return undefined;
  const course = await loadCourse(deps.db, clientId, training.course_id, 'en-US');
  const domain = await findClientDomain(deps.db, clientId);
  const base = domain ? clientBaseUrl(deps.config, domain) : undefined;
  const link = (path: string) => (base ? new URL(path, base).toString() : path);
  return {
    clientId,
    trainingId,
    titles: course.i18n,
    fallbackTitle: course.title,
    learnerLink: link(`/training/${trainingId}`),
    coordinatorLink: link(`/coordination/trainings/${trainingId}`),
  } satisfies TrainingContext;
}

/** The participants' notices, notifications and mails of one batch of changes, in its transaction. */
async function tellParticipants(
  trx: DbOrTrx,
  ctx: TrainingContext,
  kind: Kind,
  changes: readonly ValidityChange[],
  now: string,
): Promise<void> {
  const inserted = new Set(
    await insertNotices(
      trx,
      changes.map((c) => ({
        client_id: ctx.clientId,
        training_id: ctx.trainingId,
        recipient_id: c.userId,
        kind,
        ref: `cycle:${c.cycle}`,
        created_at: now,
      })),
    ),
  );
  for (const change of changes.filter((c) => inserted.has(c.userId))) {
    const validUntil = change.validUntil?.slice(0, 10);
    await notifyUsers(trx, ctx.clientId, [change.userId], {
      type: kind,
      data: { trainingId: ctx.trainingId, ...(validUntil ? { deadline: validUntil } : {}) },
      dedupeKey: `${kind}:${ctx.trainingId}:${change.cycle}`,
    });
    const user = await findUserById(trx, ctx.clientId, change.userId);
    if (!user?.email || !user.is_active) continue;
    const locale = asLocale(user.locale);
    const name = `${user.first_name} ${user.last_name}`.trim();
    await sendTemplatedMail(trx, ctx.clientId, {
      kind,
      locale,
      to: { address: user.email, name },
      values: {
        firstName: user.first_name,
        lastName: user.last_name,
        name,
        courseTitle: pickLocalized(ctx.titles, locale)?.title ?? ctx.fallbackTitle,
        deadline: change.validUntil ? formatCertificateDate(change.validUntil, locale) : '',
        link: ctx.learnerLink,
      },
    });
  }
}

/**
 * Each coordinator of the training's groups gets one summary per kind and day naming the people of their groups
 * that the day's notices of that kind went to.
 */
async function tellCoordinators(deps: AppDeps, ctx: TrainingContext, kind: Kind, now: string): Promise<number> {
  const day = now.slice(0, 10);
  const noticed = new Set(await noticedOn(deps.db, ctx.clientId, ctx.trainingId, kind, day));
  if (noticed.size === 0) return 0;
  const affectedOf = new Map<string, Set<string>>();
  for (const groupId of await trainingGroupIds(deps.db, ctx.clientId, ctx.trainingId)) {
    const coordinators = await userIdsOfGroup(deps.db, ctx.clientId, groupId, 'group_coordinators');
    if (coordinators.length === 0) continue;
    const members = (await userIdsOfGroup(deps.db, ctx.clientId, groupId, 'group_members')).filter((u) =>
      noticed.has(u),
    );
    if (members.length === 0) continue;
    for (const c of coordinators) affectedOf.set(c, new Set([...(affectedOf.get(c) ?? []), ...members]));
  }
  let told = 0;
  for (const [coordinatorId, affected] of affectedOf) {
    await deps.db.transaction().execute(async (trx) => {
      const [inserted] = await insertNotices(trx, [
        {
          client_id: ctx.clientId,
          training_id: ctx.trainingId,
          recipient_id: coordinatorId,
          kind: SUMMARY[kind],
          ref: day,
          created_at: now,
        },
      ]);
      if (!inserted) return;
      told++;
      await notifyUsers(trx, ctx.clientId, [coordinatorId], {
        type: SUMMARY[kind],
        data: { trainingId: ctx.trainingId, count: affected.size },
        dedupeKey: `${SUMMARY[kind]}:${ctx.trainingId}:${day}`,
      });
      const coordinator = await findUserById(trx, ctx.clientId, coordinatorId);
      if (!coordinator?.email || !coordinator.is_active) return;
      const names: string[] = [];
      for (const userId of affected) {
        const u = await findUserById(trx, ctx.clientId, userId);
        if (u) names.push(`- ${u.first_name} ${u.last_name}`.trim());
      }
      const locale = asLocale(coordinator.locale);
      const name = `${coordinator.first_name} ${coordinator.last_name}`.trim();
      await sendTemplatedMail(trx, ctx.clientId, {
        kind: COORDINATOR_MAIL[kind],
        locale,
        to: { address: coordinator.email, name },
        values: {
          firstName: coordinator.first_name,
          lastName: coordinator.last_name,
          name,
          courseTitle: pickLocalized(ctx.titles, locale)?.title ?? ctx.fallbackTitle,
          details: names.sort((a, b) => a.localeCompare(b)).join('\n'),
          link: ctx.coordinatorLink,
        },
      });
    });
  }
  return told;
}

type Step = (
  trx: DbOrTrx,
  clientId: string,
  trainingId: string,
  now: string,
  limit: number,
) => Promise<ValidityChange[]>;

async function runStep(deps: AppDeps, ctx: TrainingContext, kind: Kind, step: Step, now: string, signal?: AbortSignal) {
  let changed = 0;
  for (;;) {
    // Stopped half-way: fail, so the job runs again and does the rest (what is done is not done twice).
    if (signal?.aborted) throw new Error('stopped before every validity was looked at');
    const changes = await deps.db.transaction().execute(async (trx) => {
      const batch = await step(trx, ctx.clientId, ctx.trainingId, now, BATCH);
      await tellParticipants(trx, ctx, kind, batch, now);
      return batch;
    });
    changed += changes.length;
    if (changes.length < BATCH) break;
    await nextTurn();
  }
  return changed;
}

export interface RecertificationResult {
  opened: number;
  expired: number;
  summaries: number;
}

/** The day's work at `now` (the daily job's due time; tests give a clock of their own). */
export async function runRecertification(
  deps: AppDeps,
  now: string,
  signal?: AbortSignal,
): Promise<RecertificationResult> {
  const result: RecertificationResult = { opened: 0, expired: 0, summaries: 0 };
  for (const t of await trainingsWithValidity(deps.db)) {
    const ctx = await trainingContext(deps, t.client_id, t.id);
    if (!ctx) continue;
    // Windows first: with a window of 0 days a validity opens the next cycle and lapses on the same day.
    result.opened += await runStep(deps, ctx, 'recertification_due', openDueCycles, now, signal);
    result.expired += await runStep(deps, ctx, 'certification_expired', expireLapsed, now, signal);
    result.summaries += await tellCoordinators(deps, ctx, 'recertification_due', now);
    result.summaries += await tellCoordinators(deps, ctx, 'certification_expired', now);
    await nextTurn();
  }
  return result;
}

export function createRecertificationHandler(): JobHandler<ScheduledRun> {
  return {
    kind: recertificationSchedule.jobKind,
    async run(ctx) {
      return runRecertification(ctx.deps, ctx.now().toISOString(), ctx.signal);
    },
  };
}
