import { sql, type ColumnDataType, type Expression } from 'kysely';
import type { Dialect } from '../database';

/** Column types that differ by database, chosen in one place so each migration file runs on both. */
export const columnTypes = (dialect: Dialect) => ({
  timestamp: (dialect === 'postgres' ? 'timestamptz' : 'text') as ColumnDataType,
  date: (dialect === 'postgres' ? 'date' : 'text') as ColumnDataType,
  bool: (dialect === 'postgres' ? 'boolean' : 'integer') as ColumnDataType,
  json: 'text' as ColumnDataType,
  falseValue: (dialect === 'postgres' ? sql`false` : sql`0`) as Expression<unknown>,
  trueValue: (dialect === 'postgres' ? sql`true` : sql`1`) as Expression<unknown>,
});
