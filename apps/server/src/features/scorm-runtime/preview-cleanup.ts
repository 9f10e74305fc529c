import type { DbOrTrx } from '../../db/database';

/** A content master's preview attempt untouched this long is deleted with its runtime data. */
export const PREVIEW_ATTEMPT_KEEP_DAYS = 30;

/**
 * Deletes up to `limit` preview attempts (issue 5 "Preview": kept apart, never counted) last written before
 * `before`, their CMI data by cascade; answers how many. Learners' training attempts are never touched.
 */
export async function deleteStalePreviewAttempts(db: DbOrTrx, before: Date, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('scorm_attempts')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('scorm_attempts')
        .select('id')
        .where('kind', '=', 'preview')
        .where('updated_at', '<', before.toISOString())
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
