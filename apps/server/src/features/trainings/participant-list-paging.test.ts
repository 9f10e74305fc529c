import { PARTICIPANT_SORTS } from '@lms/contracts/trainings';
import { expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { sqlitePlan } from '../../../test/sqlite-plan';
import { describeEachDialect } from '../../../test/test-app';
import { participantPageIds } from './participant-list.repository';
import { idOf, trainingWorld } from './test-trainings';

interface Page {
  items: { userId: string; name: string }[];
  total: number;
}

// Issue 15: a training's status page finds the ids of its page from the participant rows and each user's sort key,
// then reads those rows; these prove the pages stay exact and the plan reads indexes only.
describeEachDialect('training status page paging', (ctx) => {
  it('pages neither repeat nor skip participants, also among equal names and empty values, in every sort and direction', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx, { members: 0 });
    // 23 participants, most with the same name, some started (the others have no start date): ties go by id.
    const members = [];
    for (let i = 0; i < 23; i++)
      members.push(
        await createUser(deps.db, w.client, {
          first_name: 'Gleich',
          last_name: i % 5 === 0 ? `Anders ${i}` : 'Gleich',
        }),
      );
    const group = await createGroup(deps.db, w.client, { name: 'Alle', members });
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [group.id] }));
    await deps.db
      .updateTable('training_participants')
      .set({ status: 'STARTED', started_at: '2026-03-01T00:00:00.000Z', completed_modules: 1 })
      .where('training_id', '=', id)
      .where(
        'user_id',
        'in',
        members.filter((_, i) => i % 3 === 0).map((m) => m.id),
      )
      .execute();
    const url = `/api/course-training-user-value/${id}/get-status-of-all-users`;
    for (const sort of PARTICIPANT_SORTS)
      for (const order of ['asc', 'desc']) {
        const whole = (await w.admin.get(url, { sort, order, pageSize: '50' })).json<Page>();
        expect(whole.total).toBe(23);
        expect(new Set(whole.items.map((p) => p.userId)).size).toBe(23);
        const paged: string[] = [];
        for (let page = 1; page <= 3; page++)
          paged.push(
            ...(await w.admin.get(url, { sort, order, page: String(page), pageSize: '10' }))
              .json<Page>()
              .items.map((p) => p.userId),
          );
        expect(paged, `${sort} ${order}`).toEqual(whole.items.map((p) => p.userId));
      }
    const byName = (await w.admin.get(url, { sort: 'name', pageSize: '10' })).json<Page>().items;
    expect(byName.slice(0, 5).map((p) => p.name)).toEqual([
      'Gleich Anders 0',
      'Gleich Anders 10',
      'Gleich Anders 15',
      'Gleich Anders 20',
      'Gleich Anders 5',
    ]);
  });

  it("reads a page's ids from the training's index and each user's sort name from an index, never a row (SQLite plan)", async () => {
    const { deps } = ctx();
    if (deps.dialect !== 'sqlite') return;
    const w = await trainingWorld(ctx, { members: 1 });
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const scope = { clientId: w.client.id, dialect: deps.dialect, actorId: 'x', groupIds: null };
    const query = { page: 1, pageSize: 100, sort: 'name', order: 'asc' } as const;
    // Issue 31 point 1: training_participants_score (client, training, score, user) covers the name sort's read too,
    // and is the narrower of the two; SQLite takes it.
    expect(await sqlitePlan(deps.db, participantPageIds(deps.db, scope, id, query))).toEqual([
      'SEARCH p USING COVERING INDEX training_participants_score (client_id=? AND training_id=?)',
      'CORRELATED SCALAR SUBQUERY 1',
      'SEARCH su USING COVERING INDEX users_client_id_sort_name (client_id=? AND id=?)',
      'USE TEMP B-TREE FOR ORDER BY',
    ]);
    // Sorted by score, the page is read in the index's order (no sort of the training's rows).
    expect(await sqlitePlan(deps.db, participantPageIds(deps.db, scope, id, { ...query, sort: 'score' }))).toEqual([
      'SEARCH p USING COVERING INDEX training_participants_score (client_id=? AND training_id=?)',
    ]);
  });
});
