import { deleteInBatches } from '../../platform/batch-delete';
import type { JobHandler } from '../../platform/jobs';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { nextTurn } from '../../platform/turn-batch';
import { readClientSetting } from '../clients';
import { clientsWithAuditTrail, deleteAuditEntriesBefore } from './audit.repository';

const DAY_MS = 86_400_000;

/**
 * Issue 30 point 3: once a day, each client's audit entries older than its retention period (client setting
 * `audit/retentionDays`, 3 years by default) are deleted from the start of its chain, in batches. The chain still
 * verifies: the walk trusts the oldest remaining entry's link. Missed days make one run (it deletes by the time it runs).
 */
export const auditRetentionSchedule = defineSchedule({
  name: 'audit.retention',
  every: { dailyAt: '04:15' },
  jobKind: 'audit.retention',
  catchUp: 'once',
});

export function createAuditRetentionHandler(): JobHandler<ScheduledRun> {
  return {
    kind: auditRetentionSchedule.jobKind,
    async run(ctx) {
      const { db } = ctx.deps;
      const clients = await clientsWithAuditTrail(db);
      let deleted = 0;
      for (const [i, clientId] of clients.entries()) {
        if (ctx.signal.aborted) break;
        const days = await readClientSetting(db, clientId, 'auditRetentionDays');
        const before = new Date(ctx.now().getTime() - days * DAY_MS).toISOString();
        deleted += await deleteInBatches(ctx, (limit) => deleteAuditEntriesBefore(db, clientId, before, limit));
        await ctx.progress({ total: clients.length, done: i + 1, succeeded: i + 1, failed: 0 });
        await nextTurn();
      }
      return { clients: clients.length, deleted };
    },
  };
}
