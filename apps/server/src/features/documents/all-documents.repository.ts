import { localeFallbackOrder } from '@lms/contracts/modules';
import type { TAllDocumentSort, TAllDocumentsQuery } from '@lms/contracts/documents';
import type { TLocale } from '@lms/contracts/constants';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { likeContains, paginateCapped } from '../../platform/paging';
import { foldForSearch } from '../courses';
import { searchWords, isGroupScoped, userInScope, type UserScope } from '../users';

// GET /api/users/allDocuments: the certificates of the users in the reader's scope, searched, sorted and paged in
// one query (DECISIONS "table paging"). Like the trainings list it joins the users and the course texts it shows and
// sorts by, because a page sorted on the server cannot ask those features row by row. A coordinator sees a
// certificate when its user is a member of a group they coordinate and its training is assigned to one of those
// groups: exactly the certificates the certificates feature lets them download.

const shownTitleSort = sql.raw('coalesce(t0.title_sort, t1.title_sort, t2.title_sort)');

const SORTS: Record<TAllDocumentSort, ReturnType<typeof sql.raw>> = {
  userName: sql.raw('u.sort_name'),
  courseTitle: shownTitleSort,
  issuedAt: sql.raw('cc.issued_at'),
};

export async function listAllDocumentsPage(db: DbOrTrx, scope: UserScope, locale: TLocale, query: TAllDocumentsQuery) {
  const [l0, l1, l2] = localeFallbackOrder(locale) as [TLocale, TLocale, TLocale];
  let base = db
    .selectFrom('course_certificates as cc')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .innerJoin('trainings as tr', 'tr.id', 'cc.training_id')
    .innerJoin('courses as c', 'c.id', 'tr.course_id')
    .where('cc.client_id', '=', scope.clientId)
    .where((eb) => userInScope(eb, scope));
  if (isGroupScoped(scope)) {
    const groups = scope.groupIds.length > 0 ? [...scope.groupIds] : [''];
    base = base.where('cc.training_id', 'in', (eb) =>
      eb.selectFrom('training_groups as g').select('g.training_id').where('g.group_id', 'in', groups),
    );
  }
  for (const word of searchWords(query.search)) {
    base = base.where((eb) =>
      eb.or([
        likeContains(sql.ref('u.search_text'), word),
        likeContains(sql.ref('c.search_text'), foldForSearch(word)),
      ]),
    );
  }
  return paginateCapped(db, base, query, (filtered) =>
    filtered
      .leftJoin('course_texts as t0', (j) => j.onRef('t0.course_id', '=', 'c.id').on('t0.locale', '=', l0))
      .leftJoin('course_texts as t1', (j) => j.onRef('t1.course_id', '=', 'c.id').on('t1.locale', '=', l1))
      .leftJoin('course_texts as t2', (j) => j.onRef('t2.course_id', '=', 'c.id').on('t2.locale', '=', l2))
      .leftJoin('certificate_codes as k', (j) =>
        j.onRef('k.client_id', '=', 'cc.client_id').onRef('k.code', '=', 'cc.verification_code'),
      )
      // The participation's window says whether a certificate is expiring (issue 30 point 1).
      .leftJoin('training_participants as tp', (j) =>
        j
          .onRef('tp.client_id', '=', 'cc.client_id')
          .onRef('tp.training_id', '=', 'cc.training_id')
          .onRef('tp.user_id', '=', 'cc.user_id'),
      )
      .select([
        'cc.id',
        'cc.user_id',
        'cc.training_id',
        'cc.locale',
        'cc.issued_at',
        'cc.regenerated_at',
        'k.withdrawn_at',
        'cc.cycle',
        'cc.valid_until',
        'tp.valid_until as participant_valid_until',
        'tp.renewal_opens_at as participant_renewal_opens_at',
        'tr.course_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        sql<string | null>`coalesce(t0.title, t1.title, t2.title)`.as('course_title'),
      ])
      .orderBy(SORTS[query.sort], (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('cc.id', query.order),
  );
}
