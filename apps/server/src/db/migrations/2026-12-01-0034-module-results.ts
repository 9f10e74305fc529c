import { sql, type Kysely } from 'kysely';

/**
 * Issue 31 point 1, results and not only status. A SCORM commit keeps its score in columns, so no read parses CMI
 * JSON: per item (`scorm_sco_data`) and rolled up per module attempt (`scorm_attempts`: score, the sum of the items'
 * time). The trainings feature keeps what the commit writes through: per module (`training_module_values`: score and
 * success), per participant and cycle (`training_participants`: the training's result, indexed so the status table
 * sorts by score within a training from the index) and for each closed cycle (`training_cycles`).
 * Scores are a percentage 0 to 100 (`score_pct`) with the package's raw score beside it where it gave one.
 * New nullable columns (or with a default) and a new index only: safe while older processes run; their commits
 * leave the new columns as they were until the next commit of a new process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // double precision on both databases (REAL affinity in SQLite); pg parses float8 to a number.
  const score = 'double precision';
  for (const table of ['scorm_sco_data', 'scorm_attempts', 'training_module_values']) {
    await db.schema.alterTable(table).addColumn('score_pct', score).execute();
    await db.schema.alterTable(table).addColumn('score_raw', score).execute();
  }
  await db.schema
    .alterTable('scorm_attempts')
    .addColumn('total_time_cs', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // An attempt's time is its items' summed (scores cannot be had without reading the CMI JSON: they come with the
  // next commit).
  await sql`update scorm_attempts set total_time_cs = coalesce((select sum(d.total_time_cs) from scorm_sco_data d
    where d.attempt_id = scorm_attempts.id), 0)`.execute(db);
  await db.schema
    .alterTable('training_module_values')
    .addColumn('success_status', 'text', (c) => c.notNull().defaultTo('unknown'))
    .execute();
  for (const table of ['training_participants', 'training_cycles']) {
    await db.schema.alterTable(table).addColumn('score_pct', score).execute();
    await db.schema
      .alterTable(table)
      .addColumn('result', 'text', (c) => c.notNull().defaultTo('unknown'))
      .execute();
  }
  // The status table sorted by score reads the page's ids from this index, as the other sorts read theirs.
  await db.schema
    .createIndex('training_participants_score')
    .on('training_participants')
    .columns(['client_id', 'training_id', 'score_pct', 'user_id'])
    .execute();
}
