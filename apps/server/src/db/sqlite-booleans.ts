import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type PrimitiveValueListNode,
  type ValueNode,
} from 'kysely';

const toSqlite = (v: unknown): unknown => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/**
 * SQLite has no boolean type: better-sqlite3 refuses to bind `true` and returns 0/1. This plugin is the one place
 * that converts: booleans go in as 1/0, and columns named `is_*` come back as booleans (ARCHITECTURE section 9).
 */
class BooleanParams extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const v = super.transformValue(node);
    return typeof v.value === 'boolean' ? { ...v, value: toSqlite(v.value) } : v;
  }

  // Multi-row inserts carry their values in primitive lists rather than value nodes.
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(toSqlite) };
  }
}

export class SqliteBooleansPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanParams();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
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
