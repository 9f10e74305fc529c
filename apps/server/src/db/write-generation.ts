import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A counter that moves whenever this process writes to a table whose name starts with one of WATCHED_PREFIXES (the
 * tables a learner's dashboard is made of: trainings and their participants and module values, courses and their
 * texts, modules). Short caches of data read from those tables keep the counter they saw and drop an entry when it
 * has moved, so a write in this process shows at once; another process's write shows when the entry expires (issue
 * 15; docs/architecture.md "Short caches").
 */
let generation = 0;
export const writeGeneration = (): number => generation;

const WATCHED_PREFIXES = ['training', 'course', 'module'] as const;
const watched = (table: string | undefined) => !!table && WATCHED_PREFIXES.some((p) => table.startsWith(p));
const WATCHED_RAW = new RegExp(`\\b(insert|update|delete)\\b[\\s\\S]*\\b(${WATCHED_PREFIXES.join('|')})`, 'i');

type Node = OperationNode & Record<string, unknown>;

/** The table name of a TableNode, or of an AliasNode around one. */
function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') return ((n.table as Node).identifier as { name?: string }).name;
  return undefined;
}

function writesWatchedTable(node: RootOperationNode): boolean {
  const n = node as unknown as Node;
  switch (n.kind) {
    case 'InsertQueryNode':
      return watched(tableName(n.into));
    case 'UpdateQueryNode':
      return (
        watched(tableName(n.table)) ||
        ((n.from as Node | undefined)?.froms as unknown[] | undefined)?.some((f) => watched(tableName(f))) === true
      );
    case 'DeleteQueryNode':
      return ((n.from as Node).froms as unknown[]).some((f) => watched(tableName(f)));
    case 'RawNode':
      return WATCHED_RAW.test((n.sqlFragments as string[]).join(' '));
    default:
      return false;
  }
}

/**
 * Moves the counter before and after a write, so a read that raced the write cannot keep its answer under the new
 * counter. A PostgreSQL transaction still open after its last write is covered by the caches' expiry.
 */
export class WriteGenerationPlugin implements KyselyPlugin {
  readonly #writes = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesWatchedTable(args.node)) {
      generation++;
      this.#writes.add(args.queryId);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) generation++;
    return Promise.resolve(args.result);
  }
}
