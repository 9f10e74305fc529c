import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * SQLite has no boolean type and returns 0/1: columns named `is_*` come back as booleans here (ARCHITECTURE
 * section 9). Booleans going in are bound as 1/0 by db/sqlite-statement-cache.ts, on the flat parameter list.
 */
export class SqliteBooleansPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key of Object.keys(row)) {
        if (key.startsWith('is_') && typeof row[key] === 'number') row[key] = row[key] === 1;
      }
    }
    return Promise.resolve(args.result);
  }
}
