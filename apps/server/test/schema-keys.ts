import { sql } from 'kysely';
import type { Db, Dialect } from '../src/db/database';
import { listTables } from '../src/ops/schema-inventory';

// The keys of the live schema, read from the database's own catalogue (SQLite's pragmas, PostgreSQL's pg_index and
// information_schema), for the sharding check of tenant-keys.test.ts.

export interface TableKeys {
  columns: Map<string, { notNull: boolean }>;
  primaryKey: string[];
  /** Every unique index other than the primary key's (constraints and CREATE UNIQUE INDEX alike), by its columns. */
  uniques: string[][];
  /** Foreign keys: the columns here, the table they reference and its columns, pair by pair. */
  foreignKeys: { columns: string[]; parent: string; parentColumns: string[] }[];
}

async function sqliteKeys(db: Db, table: string): Promise<TableKeys> {
  const info = await sql<{ name: string; notnull: number; pk: number }>`
    select name, "notnull", pk from pragma_table_info(${table})`.execute(db);
  const columns = new Map(info.rows.map((c) => [c.name, { notNull: c.notnull === 1 || c.pk > 0 }]));
  const primaryKey = info.rows
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const indexes = await sql<{ name: string; unique: number; origin: string }>`
    select name, "unique", origin from pragma_index_list(${table})`.execute(db);
  const uniques: string[][] = [];
  for (const index of indexes.rows.filter((i) => i.unique === 1 && i.origin !== 'pk')) {
    const cols = await sql<{ name: string | null }>`
      select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
    uniques.push(cols.rows.map((c) => c.name ?? '(expression)'));
  }
  const fks = await sql<{ id: number; table: string; from: string; to: string }>`
    select id, "table", "from", "to" from pragma_foreign_key_list(${table}) order by id, seq`.execute(db);
  const byId = new Map<number, typeof fks.rows>();
  for (const f of fks.rows) byId.set(f.id, [...(byId.get(f.id) ?? []), f]);
  const foreignKeys = [...byId.values()].map((pairs) => ({
    columns: pairs.map((f) => f.from),
    parent: pairs[0]!.table,
    parentColumns: pairs.map((f) => f.to),
  }));
  return { columns, primaryKey, uniques, foreignKeys };
}

async function postgresKeys(db: Db, table: string): Promise<TableKeys> {
  const info = await sql<{ name: string; nullable: string }>`
    select column_name as name, is_nullable as nullable from information_schema.columns
    where table_schema = 'public' and table_name = ${table}`.execute(db);
  const columns = new Map(info.rows.map((c) => [c.name, { notNull: c.nullable === 'NO' }]));
  const indexes = await sql<{ primary: boolean; columns: (string | null)[] }>`
    select ix.indisprimary as primary,
      array(select a.attname::text from unnest(ix.indkey) with ordinality as k(attnum, ord)
            left join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.attnum
            order by k.ord) as columns
    from pg_index ix
    where ix.indrelid = ${`public.${table}`}::regclass and ix.indisunique`.execute(db);
  const named = (cols: (string | null)[]) => cols.map((c) => c ?? '(expression)');
  const fks = await sql<{ columns: string[]; parent: string; parentColumns: string[] }>`
    select c.confrelid::regclass::text as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.ord) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.ord) as "parentColumns"
    from pg_constraint c where c.contype = 'f' and c.conrelid = ${`public.${table}`}::regclass`.execute(db);
  return {
    foreignKeys: fks.rows,
    columns,
    primaryKey: named(indexes.rows.find((i) => i.primary)?.columns ?? []),
    uniques: indexes.rows.filter((i) => !i.primary).map((i) => named(i.columns)),
  };
}

/** Every table of the schema with its columns, primary key and unique indexes. */
export async function schemaKeys(db: Db, dialect: Dialect): Promise<Map<string, TableKeys>> {
  const out = new Map<string, TableKeys>();
  for (const table of await listTables(db, dialect)) {
    out.set(table, dialect === 'postgres' ? await postgresKeys(db, table) : await sqliteKeys(db, table));
  }
  return out;
}
