import type { TModuleStatus, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { PlayerLaunchable } from '../modules';

// Multi-SCO roll-up to the module (issue 5): the module is COMPLETED when every launchable item of the current
// package is, STARTED once any item has data, else PENDING. Success: failed if any SCO failed, passed when every SCO
// passed. Items of a replaced package that the new one no longer has are ignored.

const RANK: Record<TModuleStatus, number> = { PENDING: 0, STARTED: 1, COMPLETED: 2 };

export type ItemState = { itemId: string; status: TModuleStatus; success: TSuccessStatus };

export function rollUpModule(
  launchables: PlayerLaunchable[],
  items: ItemState[],
): { status: TModuleStatus; success: TSuccessStatus } {
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const current = launchables.map((l) => ({ launchable: l, state: byId.get(l.itemIdentifier) }));
  const scos = current.filter((c) => c.launchable.scormType === 'sco');
  let status: TModuleStatus = 'PENDING';
  if (current.length > 0 && current.every((c) => c.state?.status === 'COMPLETED')) status = 'COMPLETED';
  else if (current.some((c) => c.state !== undefined)) status = 'STARTED';
  let success: TSuccessStatus = 'unknown';
  if (scos.some((c) => c.state?.success === 'failed')) success = 'failed';
  else if (scos.length > 0 && scos.every((c) => c.state?.success === 'passed')) success = 'passed';
  return { status, success };
}

/** A module once completed stays completed: a revisit, or a replaced package, never takes progress away. */
export const laterStatus = (a: TModuleStatus, b: TModuleStatus): TModuleStatus => (RANK[a] >= RANK[b] ? a : b);
