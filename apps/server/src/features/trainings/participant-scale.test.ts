import { LOGIN_TYPES } from '@lms/contracts/roles';
import { expect, it } from 'vitest';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { newId, nowIso } from '../../platform/ids';
import { idOf, trainingWorld } from './test-trainings';

const PARTICIPANTS = 10_000;
/** Measured at about 50 ms (SQLite) and 170 ms (PostgreSQL) on a busy 2-core machine; the bound leaves room. */
const PAGE_BOUND_MS = 1_500;

describeEachDialect('the status table at 10,000 participants', (ctx) => {
  it('assigns a group of 10,000 and pages, filters, searches and sorts its status table quickly', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx, { members: 0 });
    const now = nowIso();
    const ids = Array.from({ length: PARTICIPANTS }, () => newId());
    const users = ids.map((id, i) => ({
      id,
      client_id: w.client.id,
      email: `u${i}@scale.test`,
      email_normalized: `u${i}@scale.test`,
      first_name: `F${i}`,
      last_name: `L${i}`,
      role: 'PARTICIPANT',
      locale: 'de-DE',
      is_active: true,
      login_type: LOGIN_TYPES.EMAIL,
      is_password_change_required: false,
      is_welcome_dialog_seen: false,
      created_at: now,
      updated_at: now,
      search_text: `f${i} l${i} u${i}@scale.test`,
      sort_name: `l${i} f${i}`,
    }));
    for (let i = 0; i < users.length; i += 1_000)
      await deps.db
        .insertInto('users')
        .values(users.slice(i, i + 1_000))
        .execute();
    const group = await createGroup(deps.db, w.client, { name: 'Alle' });
    for (let i = 0; i < ids.length; i += 1_000)
      await deps.db
        .insertInto('group_members')
        .values(
          ids
            .slice(i, i + 1_000)
            .map((u) => ({ group_id: group.id, user_id: u, client_id: w.client.id, created_at: now })),
        )
        .execute();
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [group.id] }));
    const url = `/api/course-training-user-value/${id}/get-status-of-all-users`;
    const cases: Array<[Record<string, string>, number]> = [
      [{}, PARTICIPANTS],
      [{ status: 'PENDING', sort: 'email', order: 'desc' }, PARTICIPANTS],
      [{ status: 'COMPLETED' }, 0],
      [{ search: 'u9999@' }, 1],
      [{ sort: 'progress', order: 'desc', page: '50', pageSize: '100' }, PARTICIPANTS],
    ];
    for (const [query, total] of cases) {
      const started = Date.now();
      const res = await w.admin.get(url, query);
      const ms = Date.now() - started;
      expect(res.json<{ total: number }>().total, JSON.stringify(query)).toBe(total);
      expect(ms, JSON.stringify(query)).toBeLessThan(PAGE_BOUND_MS);
    }
  }, 120_000);
});
