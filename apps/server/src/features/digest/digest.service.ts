import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import type { AppDeps } from '../../platform/deps';
import { nextTurn } from '../../platform/turn-batch';
import { clientBaseUrl } from '../account';
import { readClientSetting } from '../clients';
import { coordinatedGroups, coordinatorsPage, type CoordinatorRef } from '../groups';
import { sendTemplatedMail } from '../mail';
import { digestFiguresOfGroups, findClientDomain, type DigestFigures, type DigestWindow } from '../trainings';
import { findUserById, isUserActiveOn } from '../users';
import { addDays, isoDay, isoWeek, isoWeekday, startOfUtcDay } from './digest-week';
import { claimDigest, hasDigest, lastPeriodEnd, setDigestMail } from './digest.repository';

// Issue 31 point 4: each coordinator's weekly mail about their groups, on the weekday their client chose.
//
// Once per coordinator and ISO week, however many processes run the daily job and however often it is retried: the
// week's row in coordinator_digests is inserted with insert-or-skip in the transaction that queues the mail, so of
// two processes that both counted, one inserts and queues, the other inserts nothing and queues nothing.
//
// The job runs every day; a coordinator is due on the client's weekday or later in the same ISO week (so a day the
// servers were down is caught up the next day, still once that week). A week whose three sections are all empty
// sends nothing (a mail saying "nothing happened" every week teaches people to ignore it) but keeps its row, so the
// next digest's "newly overdue" starts where this one's period ended.
//
// The periods, in UTC days: the run's day starts at `periodEnd`.
// - newly overdue: the deadline passed since the previous digest's period end (a week before periodEnd for the
//   first one): deadline in [that day, today), still not completed.
// - expiring: the validity ends within 30 days of the run.
// - completed: in the 7 days before periodEnd (the link's from and to are those days, both included).

const PAGE = 100;
const EXPIRING_DAYS = 30;

export interface DigestRunResult {
  /** Digests queued as mail. */
  sent: number;
  /** Digests with nothing to report: recorded, no mail. */
  empty: number;
}

interface RunContext {
  deps: AppDeps;
  now: Date;
  periodEnd: Date;
  week: string;
  weekday: number;
  /** Per client: its digest weekday and base URL, read once per run. */
  clients: Map<string, { weekday: number; base: string | undefined }>;
}

const asLocale = (value: string): TLocale =>
  (LOCALES as readonly string[]).includes(value) ? (value as TLocale) : DEFAULT_LOCALE;

async function clientOf(ctx: RunContext, clientId: string) {
  let c = ctx.clients.get(clientId);
  if (!c) {
    const domain = await findClientDomain(ctx.deps.db, clientId);
    c = {
      weekday: await readClientSetting(ctx.deps.db, clientId, 'digestWeekday'),
      base: domain ? clientBaseUrl(ctx.deps.config, domain) : undefined,
    };
    ctx.clients.set(clientId, c);
  }
  return c;
}

/** A link into the client's reports, with the agreed query parameters (the reports area reads the same names). */
export function reportLink(base: string | undefined, path: string, params: ReadonlyArray<[string, string]>): string {
  const url = new URL(path, base ?? 'http://localhost');
  for (const [k, v] of params) url.searchParams.set(k, v);
  return base ? url.toString() : `${url.pathname}${url.search}`;
}

type Section = 'overdue' | 'expiring' | 'completed';

interface DigestLinks {
  base: string | undefined;
  completedFrom: string;
  completedTo: string;
}

function sectionLink(section: Section, groupId: string, l: DigestLinks): string {
  if (section === 'completed')
    return reportLink(l.base, '/reports', [
      ['from', l.completedFrom],
      ['to', l.completedTo],
      ['group', groupId],
    ]);
  return reportLink(l.base, '/reports/attention', [
    ['state', section],
    ['group', groupId],
  ]);
}

/** One line per group with something to say: "- Group: 3" and the report's link under it; empty: nothing. */
function sectionText(
  section: Section,
  groups: ReadonlyArray<{ id: string; name: string }>,
  figures: Map<string, DigestFigures>,
  links: DigestLinks,
): string {
  return groups
    .filter((g) => (figures.get(g.id)?.[section] ?? 0) > 0)
    .map((g) => `- ${g.name}: ${figures.get(g.id)?.[section] ?? 0}\n  ${sectionLink(section, g.id, links)}`)
    .join('\n');
}

const formatDay = (day: string, locale: TLocale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

type Outcome = 'sent' | 'empty' | 'skipped';

/** One coordinator's digest of this week, if due and not done yet. */
async function digestOf(ctx: RunContext, ref: CoordinatorRef): Promise<Outcome> {
  const { deps } = ctx;
  const client = await clientOf(ctx, ref.clientId);
  if (ctx.weekday < client.weekday) return 'skipped';
  if (await hasDigest(deps.db, ref.clientId, ref.userId, ctx.week)) return 'skipped';
  const user = await findUserById(deps.db, ref.clientId, ref.userId);
  const today = isoDay(ctx.periodEnd);
  if (!user || !user.is_digest_enabled || !isUserActiveOn(user, today)) return 'skipped';
  const groups = await coordinatedGroups(deps.db, ref.clientId, ref.userId);
  if (groups.length === 0) return 'skipped';
  const since =
    (await lastPeriodEnd(deps.db, ref.clientId, ref.userId, ctx.week)) ?? addDays(ctx.periodEnd, -7).toISOString();
  const completedFrom = addDays(ctx.periodEnd, -7);
  const window: DigestWindow = {
    overdueSince: since.slice(0, 10),
    today,
    expiringFrom: ctx.now.toISOString(),
    expiringTo: addDays(ctx.now, EXPIRING_DAYS).toISOString(),
    completedFrom: completedFrom.toISOString(),
    completedTo: ctx.periodEnd.toISOString(),
  };
  const figures = await digestFiguresOfGroups(
    deps.db,
    ref.clientId,
    groups.map((g) => g.id),
    window,
  );
  const links: DigestLinks = {
    base: client.base,
    completedFrom: isoDay(completedFrom),
    completedTo: isoDay(addDays(ctx.periodEnd, -1)),
  };
  const sections = {
    overdue: sectionText('overdue', groups, figures, links),
    expiring: sectionText('expiring', groups, figures, links),
    completed: sectionText('completed', groups, figures, links),
  };
  const hasNews = Object.values(sections).some((s) => s !== '');
  const mailed = hasNews && Boolean(user.email);
  return deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const claimed = await claimDigest(trx, {
      clientId: ref.clientId,
      userId: ref.userId,
      isoWeek: ctx.week,
      periodEnd: ctx.periodEnd.toISOString(),
      isSent: mailed,
      now: ctx.now.toISOString(),
    });
    // Another process (or an earlier run of this job) has this week's digest.
    if (!claimed) return 'skipped';
    if (!mailed || !user.email) return 'empty';
    const locale = asLocale(user.locale);
    const name = `${user.first_name} ${user.last_name}`.trim();
    const mailId = await sendTemplatedMail(trx, ref.clientId, {
      kind: 'digest',
      locale,
      to: { address: user.email, name },
      values: {
        firstName: user.first_name,
        lastName: user.last_name,
        name,
        period: `${formatDay(links.completedFrom, locale)} – ${formatDay(links.completedTo, locale)}`,
        ...sections,
        link: reportLink(client.base, '/reports/attention', [['state', 'overdue']]),
      },
    });
    await setDigestMail(trx, ref.clientId, ref.userId, ctx.week, mailId);
    return 'sent';
  });
}

/**
 * The day's digests at `now` (the job's clock): every client's coordinators, a page at a time, one coordinator's
 * reads and transaction after another with a turn of the event loop between them (bounded work per coordinator:
 * three grouped counts over their groups).
 */
export async function runDigests(deps: AppDeps, now: Date, signal?: AbortSignal): Promise<DigestRunResult> {
  const periodEnd = startOfUtcDay(now);
  const ctx: RunContext = {
    deps,
    now,
    periodEnd,
    week: isoWeek(periodEnd),
    weekday: isoWeekday(periodEnd),
    clients: new Map(),
  };
  const result: DigestRunResult = { sent: 0, empty: 0 };
  let after: CoordinatorRef | null = null;
  for (;;) {
    const page = await coordinatorsPage(deps.db, after, PAGE);
    for (const ref of page) {
      // Stopped half-way: fail, so the job runs again and does the rest (what is done is not done twice).
      if (signal?.aborted) throw new Error('stopped before every coordinator was looked at');
      const outcome = await digestOf(ctx, ref);
      if (outcome !== 'skipped') result[outcome]++;
      await nextTurn();
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1] ?? null;
  }
  return result;
}
