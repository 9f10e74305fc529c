import type { TParticipantListQuery, TParticipantStatus } from '@lms/contracts/trainings';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import type { TableColumn, TableExport } from '../../platform/table-export';
import { repairUserSearchKeys, resolveUserScope } from '../users';
import { participantRowsAt } from './participant-list.repository';
import { presentParticipants } from './participant.service';
import { trainingExportTexts } from './training-export-texts';
import { findVisibleTraining } from './training-scope';

/** Participants read and presented at a time: the export holds one such slice, whatever the training's size. */
export const PARTICIPANT_EXPORT_PAGE = 1_000;

/** The export's query: the status table's filter and order (its page and page size are not asked for). */
export type ParticipantExportQuery = Omit<TParticipantListQuery, 'page' | 'pageSize'>;

/**
 * The status table as a file (issue 31 point 3): every participant the table's search and filter find, in its order,
 * inside the actor's scope (a coordinator: their groups' members), with the result and validity columns. The training
 * is checked before the first byte (another client's, or one outside the scope: 404); rows follow a page at a time.
 */
export async function exportParticipants(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  query: ParticipantExportQuery,
): Promise<TableExport<TParticipantStatus>> {
  const scope = await resolveUserScope(deps, actor);
  const training = await findVisibleTraining(deps.db, scope, trainingId);
  await repairUserSearchKeys(deps.db, actor.clientId);
  const t = trainingExportTexts(actor.locale);
  const full = { ...query, page: 1, pageSize: 10 } as const satisfies TParticipantListQuery;
  async function* pages() {
    for (let offset = 0; ; offset += PARTICIPANT_EXPORT_PAGE) {
      const rows = await participantRowsAt(deps.db, scope, trainingId, full, PARTICIPANT_EXPORT_PAGE, offset);
      if (rows.length > 0)
        yield await presentParticipants(deps.db, actor.clientId, trainingId, training.course_id, rows);
      if (rows.length < PARTICIPANT_EXPORT_PAGE) return;
    }
  }
  const c = t.columns;
  const columns: TableColumn<TParticipantStatus>[] = [
    { header: c.name, type: 'text', value: (p) => p.name, width: 28 },
    { header: c.email, type: 'text', value: (p) => p.email, width: 30 },
    { header: c.status, type: 'text', value: (p) => t.status[p.status], width: 16 },
    { header: c.assigned, type: 'boolean', value: (p) => p.assigned },
    { header: c.optional, type: 'boolean', value: (p) => p.optional },
    { header: c.startedAt, type: 'datetime', value: (p) => p.startedAt },
    { header: c.completedAt, type: 'datetime', value: (p) => p.completedAt },
    { header: c.completedModules, type: 'number', value: (p) => p.completedModules },
    { header: c.requiredModules, type: 'number', value: (p) => p.requiredModules },
    { header: c.score, type: 'percent', value: (p) => p.score },
    { header: c.result, type: 'text', value: (p) => t.result[p.result], width: 16 },
    { header: c.cycle, type: 'number', value: (p) => p.cycle },
    { header: c.validUntil, type: 'date', value: (p) => p.validUntil },
    { header: c.lastReminderAt, type: 'datetime', value: (p) => p.lastReminderAt },
  ];
  return { columns, rows: pages(), sheetName: t.sheet, locale: actor.locale };
}
