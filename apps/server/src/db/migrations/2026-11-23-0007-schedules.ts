import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Trainings issue, point 5: the state of recurring jobs (platform/scheduler.ts). Platform-wide, no client_id: a
 * schedule enqueues a platform job, and a job that concerns clients finds them itself.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('interval_spec', 'text', (c) => c.notNull())
    .addColumn('next_due_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_due_at', t.timestamp)
    .addColumn('last_run_at', t.timestamp)
    // No foreign key: old jobs may be deleted by a later clean-up, the schedule keeps the id as a hint.
    .addColumn('last_job_id', 'text')
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}
