import type { TLocale } from '@lms/contracts/constants';
import { pickLocalized } from '@lms/contracts/modules';
import type { DbOrTrx } from '../../db/database';
import { findCourseTexts } from './course.repository';
import { courseCoverUrl } from './course-cover-url';

/** At most this many premium courses in the catalogue (a client offers a handful, not thousands). */
export const PREMIUM_CATALOGUE_MAX = 200;

/**
 * The client's active premium courses in the reader's locale (DECISIONS "premium": the catalogue on the
 * dashboard), sorted by title, or one of them by id.
 */
export async function activePremiumCourses(
  db: DbOrTrx,
  clientId: string,
  locale: TLocale,
  onlyId?: string,
): Promise<Array<{ id: string; title: string; description: string; coverUrl: string | null }>> {
  let q = db
    .selectFrom('courses')
    .select(['id', 'cover_key'])
    .where('client_id', '=', clientId)
    .where('is_premium', '=', true)
    .where('is_active', '=', true);
  if (onlyId) q = q.where('id', '=', onlyId);
  const rows = await q.limit(PREMIUM_CATALOGUE_MAX).execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const texts = await findCourseTexts(db, clientId, ids);
  const byCourse = new Map<string, Partial<Record<TLocale, { title: string; description: string }>>>();
  for (const t of texts) {
    byCourse.set(t.course_id, {
      ...byCourse.get(t.course_id),
      [t.locale]: { title: t.title, description: t.description },
    });
  }
  return rows
    .map(({ id, cover_key }) => {
      const text = pickLocalized(byCourse.get(id) ?? {}, locale);
      return {
        id,
        title: text?.title ?? '',
        description: text?.description ?? '',
        coverUrl: courseCoverUrl(id, cover_key),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title, locale));
}
