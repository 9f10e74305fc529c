import type { AppDeps } from '../../platform/deps';
import { recordAudit } from '../../platform/audit/audit';
import { nowIso } from '../../platform/ids';
import type { JobContext, JobHandler } from '../../platform/jobs';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { nextTurn } from '../../platform/turn-batch';
import { clientBaseUrl } from '../account';
import { clientIdsWithSetting, readClientSetting } from '../clients';
import { sendTemplatedMail } from '../mail';
import { findClientDomain } from '../trainings';
import { findUserById, fullName } from '../users';
import { eraseAccount } from './gdpr-erase.service';
import { asLocale } from './gdpr-export.job';
import {
  claimWarning,
  deactivateIfActive,
  inactiveUsers,
  warnedAt,
  type InactiveUser,
} from './gdpr-retention.repository';
import { GDPR_TEXTS } from './gdpr-texts';

const DAY_MS = 86_400_000;
const BATCH = 200;

/**
 * Issue 30 point 4, retention: once a day, for each client that set `inactiveDeactivateMonths` or
 * `inactiveEraseMonths`, accounts without a sign-in for that long are deactivated, or erased, each after a warning
 * mail `inactiveWarningDays` before. The warning is one row per (person, stage, last activity), inserted or skipped,
 * so two processes running the job (a retry, a catch-up) send it once; the action comes only for a warning that went
 * out at least the warning period ago, and a sign-in in between makes a new activity that starts over.
 */
export const gdprRetentionSchedule = defineSchedule({
  name: 'gdpr.retention',
  every: { dailyAt: '04:15' },
  jobKind: 'gdpr.retention',
  catchUp: 'once',
});

const monthsBefore = (now: Date, months: number): Date => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

const addMonths = (iso: string, months: number): Date => {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/** Activity before this gets the warning of a stage: the stage's months less the warning days ago. */
const warnFrom = (now: Date, months: number, warningDays: number): string =>
  new Date(monthsBefore(now, months).getTime() + warningDays * DAY_MS).toISOString();

export interface Counts {
  clients: number;
  warned: number;
  deactivated: number;
  erased: number;
}

export function createGdprRetentionHandler(): JobHandler<ScheduledRun> {
  return {
    kind: gdprRetentionSchedule.jobKind,
    leaseMs: 5 * 60_000,
    async run(ctx) {
      const counts: Counts = { clients: 0, warned: 0, deactivated: 0, erased: 0 };
      const seen = new Set<string>();
      for (const name of ['inactiveDeactivateMonths', 'inactiveEraseMonths'] as const) {
        let after: string | null = null;
        for (;;) {
          const ids = await clientIdsWithSetting(ctx.deps.db, name, after, BATCH);
          for (const clientId of ids) {
            if (seen.has(clientId)) continue;
            seen.add(clientId);
            await retainClient(ctx, clientId, counts);
            counts.clients++;
          }
          if (ids.length < BATCH) break;
          after = ids[ids.length - 1] ?? null;
        }
      }
      return counts;
    },
  };
}

/** One client's run: the erase stage first (it covers deactivated accounts too), then the deactivation. */
export async function retainClient(
  ctx: Pick<JobContext, 'deps' | 'now'>,
  clientId: string,
  counts: Counts,
): Promise<void> {
  const { db } = ctx.deps;
  const deactivateMonths = await readClientSetting(db, clientId, 'inactiveDeactivateMonths');
  const eraseMonths = await readClientSetting(db, clientId, 'inactiveEraseMonths');
  const warningDays = await readClientSetting(db, clientId, 'inactiveWarningDays');
  const now = ctx.now();
  const eraseWarnFrom = eraseMonths === null ? null : warnFrom(now, eraseMonths, warningDays);
  if (eraseMonths !== null) await runStage(ctx.deps, clientId, 'erase', eraseMonths, warningDays, now, counts, null);
  // Someone the erase stage has in hand gets its warning only, not a second one about the deactivation.
  if (deactivateMonths !== null)
    await runStage(ctx.deps, clientId, 'deactivate', deactivateMonths, warningDays, now, counts, eraseWarnFrom);
}

async function runStage(
  deps: AppDeps,
  clientId: string,
  stage: 'deactivate' | 'erase',
  months: number,
  warningDays: number,
  now: Date,
  counts: Counts,
  skipBefore: string | null,
): Promise<void> {
  const warnBefore = warnFrom(now, months, warningDays);
  const actBefore = monthsBefore(now, months).toISOString();
  const warnedLongEnough = new Date(now.getTime() - warningDays * DAY_MS).toISOString();
  let after: string | null = null;
  for (;;) {
    const page = await inactiveUsers(deps.db, clientId, {
      before: warnBefore,
      onlyActive: stage === 'deactivate',
      afterId: after,
      limit: BATCH,
    });
    for (const u of page) {
      if (skipBefore !== null && u.activityAt < skipBefore) continue;
      const at = await warnedAt(deps.db, clientId, u.id, stage, u.activityAt);
      if (!at) {
        if (await warn(deps, clientId, u, stage, months, warningDays, now)) counts.warned++;
      } else if (u.activityAt < actBefore && at <= warnedLongEnough) {
        if (stage === 'erase') {
          const user = await findUserById(deps.db, clientId, u.id);
          if (user) {
            await eraseAccount(deps, user, { kind: 'system' }, 'retention');
            counts.erased++;
          }
        } else if (await deactivate(deps, clientId, u.id)) counts.deactivated++;
      }
    }
    if (page.length < BATCH) break;
    after = page[page.length - 1]?.id ?? null;
    await nextTurn();
  }
}

async function deactivate(deps: AppDeps, clientId: string, userId: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await deactivateIfActive(trx, clientId, userId))) return false;
    await recordAudit(trx, {
      clientId,
      actor: { kind: 'system' },
      action: 'gdpr.retention-deactivated',
      object: { type: 'user', id: userId },
      subjectUserId: userId,
    });
    return true;
  });
}

/** The warning row and its mail, in one transaction: the mail is queued exactly when the row is new. */
async function warn(
  deps: AppDeps,
  clientId: string,
  u: InactiveUser,
  stage: 'deactivate' | 'erase',
  months: number,
  warningDays: number,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimWarning(trx, clientId, u.id, stage, u.activityAt, nowIso()))) return false;
    const user = await findUserById(trx, clientId, u.id);
    const domain = await findClientDomain(trx, clientId);
    if (!user?.email || !domain) return true;
    const locale = asLocale(user.locale);
    const due = new Date(Math.max(addMonths(u.activityAt, months).getTime(), now.getTime() + warningDays * DAY_MS));
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(due);
    const t = GDPR_TEXTS[locale];
    const name = fullName(user);
    await sendTemplatedMail(trx, clientId, {
      kind: 'inactivity_warning',
      locale,
      to: { address: user.email, name },
      values: {
        firstName: user.first_name,
        lastName: user.last_name,
        name,
        deadline: date,
        details: (stage === 'erase' ? t.warningErase : t.warningDeactivate).replace('{{date}}', date),
        link: new URL('/login', clientBaseUrl(deps.config, domain)).toString(),
      },
    });
    return true;
  });
}
