import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 33 point 3, the learner dashboard at 100,000 learners: each learner's answer, kept as its JSON text in
 * `learner_dashboards` (client, user) with the two stamps it was made under, and read back by primary key.
 *
 * - `dashboard_stamps` (client, user) -> stamp moves on every change of what a learner's own dashboard shows: their
 *   participations and module values.
 * - `dashboard_catalog_stamps` (client) -> stamp moves on every change of what all of a client's dashboards show of
 *   its trainings, courses, modules and their texts.
 *
 * Triggers move the stamps in the transaction of the change, whatever code or SQL made it; a kept answer whose
 * stamps are not the current ones is not used (features/trainings/learner-dashboard-store.ts). Inserts and updates
 * add a stamp row where none is; deletes only move an existing one (a user's or client's deletion cascades here,
 * and must not add a row for what is going away). The UPDATE triggers watch only the columns the dashboard shows,
 * so a reminder's or an invitation's bookkeeping does not make every answer stale. SQLite's fire per row; on
 * PostgreSQL they fire once per statement over its transition tables (see there why).
 *
 * New tables and triggers: safe while older processes run (they never read them; their writes move the stamps
 * through the triggers). A frozen copy: no app code.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const clientFk = 'clients.id';
  await db.schema
    .createTable('dashboard_stamps')
    .addColumn('client_id', 'text', (c) => c.notNull().references(clientFk).onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stamp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_stamps_pk', ['client_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('dashboard_catalog_stamps')
    .addColumn('client_id', 'text', (c) => c.notNull().references(clientFk).onDelete('cascade'))
    .addColumn('stamp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_catalog_stamps_pk', ['client_id'])
    .execute();
  await db.schema
    .createTable('learner_dashboards')
    .addColumn('client_id', 'text', (c) => c.notNull().references(clientFk).onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('user_stamp', 'integer', (c) => c.notNull())
    .addColumn('catalog_stamp', 'integer', (c) => c.notNull())
    // The first moment the answer would read otherwise by the clock alone (a validity that runs out or a renewal
    // window that opens), as an ISO text.
    .addColumn('fresh_until', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('learner_dashboards_pk', ['client_id', 'user_id'])
    .execute();

  const bumpUser = (r: string) =>
    `insert into dashboard_stamps (client_id, user_id, stamp) values (${r}.client_id, ${r}.user_id, 1)
      on conflict (client_id, user_id) do update set stamp = dashboard_stamps.stamp + 1`;
  const moveUser = (r: string) =>
    `update dashboard_stamps set stamp = stamp + 1 where client_id = ${r}.client_id and user_id = ${r}.user_id`;
  const bumpCatalog = (r: string) =>
    `insert into dashboard_catalog_stamps (client_id, stamp) values (${r}.client_id, 1)
      on conflict (client_id) do update set stamp = dashboard_catalog_stamps.stamp + 1`;
  const moveCatalog = (r: string) =>
    `update dashboard_catalog_stamps set stamp = stamp + 1 where client_id = ${r}.client_id`;

  /** Per table: the columns the dashboard shows, whether an insert shows (a new training or course alone does not). */
  const watched: { table: string; columns: string[]; insert: boolean; personal: boolean }[] = [
    {
      table: 'training_participants',
      columns: ['training_id', 'user_id', 'is_assigned', 'is_optional', 'status', 'cycle', 'valid_until'].concat([
        'renewal_opens_at',
        'started_at',
        'completed_at',
      ]),
      insert: true,
      personal: true,
    },
    {
      table: 'training_module_values',
      columns: ['training_id', 'user_id', 'module_id', 'status', 'completed_at', 'score_pct', 'score_raw'].concat([
        'success_status',
      ]),
      insert: true,
      personal: true,
    },
    { table: 'trainings', columns: ['course_id', 'start_date', 'deadline'], insert: false, personal: false },
    {
      table: 'courses',
      columns: ['start_date', 'deadline', 'duration_minutes', 'cover_key'],
      insert: false,
      personal: false,
    },
    { table: 'course_texts', columns: ['course_id', 'locale', 'title', 'description'], insert: true, personal: false },
    {
      table: 'modules',
      columns: ['course_id', 'position', 'kind', 'duration_minutes', 'is_required'],
      insert: true,
      personal: false,
    },
    { table: 'module_texts', columns: ['module_id', 'locale', 'title'], insert: true, personal: false },
  ];

  for (const w of watched) {
    const bump = w.personal ? bumpUser : bumpCatalog;
    const move = w.personal ? moveUser : moveCatalog;
    const name = `dashboard_stamp_${w.table}`;
    if (dialect === 'sqlite') {
      const trigger = (suffix: string, when: string, body: string) =>
        sql.raw(`create trigger ${name}_${suffix} ${when} begin ${body}; end`).execute(db);
      if (w.insert) await trigger('insert', `after insert on ${w.table}`, bump('new'));
      await trigger('update', `after update of ${w.columns.join(', ')} on ${w.table}`, bump('new'));
      await trigger('delete', `after delete on ${w.table}`, move('old'));
    } else {
      // PostgreSQL: one trigger per statement, over its transition tables (the rows before and after), so a bulk
      // write (a training assigned to 20,000 learners, a course's modules reordered) moves each stamp once per
      // statement, not once per row: every update of a row leaves a version that later updates of the same
      // transaction must step over, so row triggers on one stamp made a large transaction cost O(rows^2).
      // A trigger with transition tables may not name columns (UPDATE OF), so the update's function compares the
      // shown columns of the rows before and after (EXCEPT) and moves the stamps of the rows that changed only.
      const keys = w.personal ? 'client_id, user_id' : 'client_id';
      const cols = ['client_id', ...w.columns].join(', ');
      const changed = `select distinct ${keys} from ((select ${cols} from new_rows except select ${cols} from old_rows)
        union all (select ${cols} from old_rows except select ${cols} from new_rows)) x`;
      const stamps = w.personal ? 'dashboard_stamps' : 'dashboard_catalog_stamps';
      const upsert = (rows: string) =>
        `insert into ${stamps} (${keys}, stamp) select ${keys}, 1 from (${rows}) r
          on conflict (${keys}) do update set stamp = ${stamps}.stamp + 1`;
      const on = w.personal ? 's.client_id = r.client_id and s.user_id = r.user_id' : 's.client_id = r.client_id';
      const moveAll = `update ${stamps} s set stamp = s.stamp + 1 from (select distinct ${keys} from old_rows) r
        where ${on}`;
      const events: [string, string, string][] = [
        // As many rows after as before: when none after differs, none changed, and the stamps are not touched.
        [
          'update',
          'referencing old table as old_rows new table as new_rows',
          `if exists (select ${cols} from new_rows except all select ${cols} from old_rows) then ${upsert(changed)};
            end if`,
        ],
        ['delete', 'referencing old table as old_rows', moveAll],
      ];
      if (w.insert)
        events.push(['insert', 'referencing new table as new_rows', upsert(`select distinct ${keys} from new_rows`)]);
      for (const [event, referencing, body] of events) {
        await sql
          .raw(
            `create function ${name}_${event}() returns trigger language plpgsql set jit = off as $fn$ begin ${body};
              return null; end $fn$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${name}_${event} after ${event} on ${w.table} ${referencing}
              for each statement execute function ${name}_${event}()`,
          )
          .execute(db);
      }
    }
  }

  // Every learner with a participation gets a stamp row now, so a later delete has one to move.
  await sql
    .raw(
      `insert into dashboard_stamps (client_id, user_id, stamp)
        select client_id, user_id, 1 from training_participants group by client_id, user_id`,
    )
    .execute(db);
}
