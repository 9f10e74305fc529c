import type { Kysely } from 'kysely';

/**
 * Trainings issue, point 10 (the status table of 10,000 participants): the counts per status of a training are read
 * from this index alone (client, training, assigned, status, direct), without visiting the participant rows; the page's count too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('training_participants_counts')
    .on('training_participants')
    .columns(['client_id', 'training_id', 'is_assigned', 'status', 'is_direct'])
    .execute();
}
