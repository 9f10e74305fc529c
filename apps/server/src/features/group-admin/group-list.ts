import type { TLocale } from '@lms/contracts/constants';
import type { TGroup, TGroupListQuery, TGroupPerson } from '@lms/contracts/groups';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { likeContains } from '../../platform/paging';
import { countMembers, coursesOfGroups, type GroupLink, type GroupRow } from '../groups';

/** People linked to groups (members or coordinators), as name and e-mail. */
export async function peopleOfGroups(
  db: DbOrTrx,
  clientId: string,
  groupIds: readonly string[],
  link: GroupLink,
): Promise<Map<string, TGroupPerson[]>> {
  const out = new Map<string, TGroupPerson[]>();
  for (let i = 0; i < groupIds.length; i += 500) {
    const rows = await db
      .selectFrom(`${link} as l`)
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.group_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email'])
      .where('l.client_id', '=', clientId)
      .where('l.group_id', 'in', groupIds.slice(i, i + 500))
      .orderBy('u.sort_name')
      .execute();
    for (const r of rows) {
      const list = out.get(r.group_id) ?? [];
      list.push({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email });
      out.set(r.group_id, list);
    }
  }
  return out;
}

/** The groups of a page; the courses' titles in the reader's locale. */
export async function presentGroups(
  db: DbOrTrx,
  clientId: string,
  rows: readonly GroupRow[],
  locale: TLocale,
): Promise<TGroup[]> {
  const ids = rows.map((r) => r.id);
  const [counts, coordinators, courses] = await Promise.all([
    countMembers(db, clientId, ids),
    peopleOfGroups(db, clientId, ids, 'group_coordinators'),
    coursesOfGroups(db, clientId, ids, locale),
  ]);
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    memberCount: counts.get(g.id) ?? 0,
    coordinators: coordinators.get(g.id) ?? [],
    courses: courses.get(g.id) ?? [],
    externallyManaged: g.is_externally_managed,
    createdAt: g.created_at,
  }));
}

/** One page of groups; a coordinator sees only the groups they coordinate. */
export async function listGroupPage(
  db: DbOrTrx,
  clientId: string,
  onlyIds: readonly string[] | null,
  query: TGroupListQuery,
): Promise<{ rows: GroupRow[]; total: number }> {
  let base = db.selectFrom('groups as g').where('g.client_id', '=', clientId);
  if (onlyIds !== null)
    base = onlyIds.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('g.id', 'in', onlyIds);
  for (const word of (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8))
    base = base.where(likeContains(sql.ref('g.name_normalized'), word));
  const dir = sql.raw(query.order);
  const memberCount = sql`(select count(*) from group_members m where m.group_id = g.id)`;
  const key = { name: sql`g.name_normalized`, memberCount, createdAt: sql`g.created_at` }[query.sort];
  const [rows, count] = await Promise.all([
    base
      .selectAll('g')
      .orderBy(sql`${key} ${dir}`)
      .orderBy(sql`g.id ${dir}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
