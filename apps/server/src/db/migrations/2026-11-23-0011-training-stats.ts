import type { Kysely } from 'kysely';

/**
 * Issue "Trainings and the learner journey", point 4 (charts): the completions over time of one training are
 * grouped by the day of completed_at; this index reads a training's completions in date order without visiting the
 * participants who have not completed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('training_participants_completed')
    .on('training_participants')
    .columns(['training_id', 'completed_at'])
    .execute();
}
