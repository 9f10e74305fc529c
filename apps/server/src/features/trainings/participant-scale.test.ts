import { expect, it } from 'vitest';
import { insertParticipants } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { nowIso } from '../../platform/ids';
import { idOf, trainingWorld } from './test-trainings';

const PARTICIPANTS = 10_000;

describeEachDialect('the status table at 10,000 participants', (ctx) => {
  it('assigns a group of 10,000 and pages, filters, searches and sorts its status table (its speed: the bench scenario training-status-page)', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx, { members: 0 });
    const now = nowIso();
    const ids = await insertParticipants(deps.db, w.client.id, PARTICIPANTS, (i) => ({
      first_name: `F${i}`,
      last_name: `L${i}`,
      email: `u${i}@scale.test`,
    }));
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
      const res = await w.admin.get(url, query);
      expect(res.json<{ total: number }>().total, JSON.stringify(query)).toBe(total);
    }
  }, 120_000);
});
