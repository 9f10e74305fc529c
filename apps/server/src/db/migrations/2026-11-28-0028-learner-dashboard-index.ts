import type { Kysely } from 'kysely';

/**
 * Issue 33: the learner dashboard reads a learner's participations by (client_id, user_id, is_assigned) and joins on
 * training_id. Under the index (client_id, user_id) SQLite's planner chose the covering index
 * training_participants_counts (client_id first) for the modules query instead, which walks every participation of
 * the client (100 ms at 20,000 learners x 20 trainings). This index covers what the dashboard needs of the row, so
 * both databases read only the learner's own entries. It replaces training_participants_user, which is its prefix
 * (every query that used that one can use this one). Safe while older processes run: only query plans change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('training_participants_learner')
    .on('training_participants')
    .columns(['client_id', 'user_id', 'is_assigned', 'training_id'])
    .execute();
  await db.schema.dropIndex('training_participants_user').execute();
}
