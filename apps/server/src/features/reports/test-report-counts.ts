import type { Db } from '../../db/database';

// A test kit: the summary rows as they should be, counted in JS from the rows they summarise, against the stored.

const mondayOf = (iso: string): string => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00.000Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** The keys whose stored count differs from the recount (stored rows of 0 count as none). */
export async function recountReports(db: Db, clientId: string): Promise<{ drift: string[] }> {
  const rows = await db
    .selectFrom('training_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.training_id', 'p.user_id', 'p.status', 'p.completed_at', 'p.valid_until', 'u.company_id'])
    .where('p.client_id', '=', clientId)
    .where('p.is_assigned', '=', true)
    .execute();
  const members = await db.selectFrom('group_members').selectAll().where('client_id', '=', clientId).execute();
  const want = new Map<string, number>();
  const bump = (key: string) => want.set(key, (want.get(key) ?? 0) + 1);
  for (const r of rows) {
    const dims = [
      `company/${r.company_id ?? ''}`,
      ...members.filter((m) => m.user_id === r.user_id).map((m) => `group/${m.group_id}`),
    ];
    for (const d of dims) {
      bump(`counts/${r.training_id}/${d}/${r.status}`);
      if (r.status === 'COMPLETED' && r.completed_at !== null)
        bump(`weeks/${r.training_id}/${d}/${mondayOf(iso(r.completed_at))}`);
      if (r.valid_until !== null && r.status !== 'EXPIRED' && r.status !== 'OPTIONAL')
        bump(`days/${r.training_id}/${d}/${iso(r.valid_until).slice(0, 10)}`);
    }
  }
  const have = new Map<string, number>();
  for (const r of await db.selectFrom('report_counts').selectAll().where('client_id', '=', clientId).execute())
    if (Number(r.n) !== 0) have.set(`counts/${r.training_id}/${r.dim}/${r.dim_id}/${r.status}`, Number(r.n));
  for (const r of await db
    .selectFrom('report_completion_weeks')
    .selectAll()
    .where('client_id', '=', clientId)
    .execute())
    if (Number(r.n) !== 0) have.set(`weeks/${r.training_id}/${r.dim}/${r.dim_id}/${r.week}`, Number(r.n));
  for (const r of await db.selectFrom('report_validity_days').selectAll().where('client_id', '=', clientId).execute())
    if (Number(r.n) !== 0) have.set(`days/${r.training_id}/${r.dim}/${r.dim_id}/${r.day}`, Number(r.n));
  const drift: string[] = [];
  for (const key of new Set([...want.keys(), ...have.keys()]))
    if ((want.get(key) ?? 0) !== (have.get(key) ?? 0))
      drift.push(`${key}: stored ${have.get(key) ?? 0}, counted ${want.get(key) ?? 0}`);
  return { drift };
}
