import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { whenTransactionOfQueryEnds } from './connection-guard';

/**
 * Counters that move whenever this process writes to a table whose name starts with one of a family's prefixes:
 * `learning` (what a learner's dashboard is made of: trainings and their participants and module values, courses and
 * their texts, modules), `people` (users, groups and their members, companies: what a user list counts) and `auth`
 * (what a session check reads: sessions, users, clients) and `tokens` (a client's secret tokens). Short caches of data read from those tables keep the
 * counter they saw and drop an entry when it has moved, so a write in this process shows at once; another process's
 * write shows when the entry expires (issue 15; docs/architecture.md "Per-request cost and short caches").
 */
const FAMILIES = {
  learning: ['training', 'course', 'module'],
  people: ['users', 'group', 'compan'],
  auth: ['sessions', 'users', 'clients'],
  tokens: ['client_tokens'],
} as const;
export type WriteFamily = keyof typeof FAMILIES;
const NAMES = Object.keys(FAMILIES) as WriteFamily[];

const generations: Record<WriteFamily, number> = { learning: 0, people: 0, auth: 0, tokens: 0 };
const bump = (families: readonly WriteFamily[]) => {
  for (const f of families) generations[f]++;
};
export const writeGeneration = (family: WriteFamily = 'learning'): number => generations[family];

const RAW = Object.fromEntries(
  NAMES.map((f) => [f, new RegExp(`\\b(insert|update|delete)\\b[\\s\\S]*\\b(${FAMILIES[f].join('|')})`, 'i')]),
) as Record<WriteFamily, RegExp>;
const watchedBy = (family: WriteFamily) => (table: string | undefined) =>
  !!table && FAMILIES[family].some((p) => table.startsWith(p));

/**
 * For statements run as plain SQL outside Kysely (db/sqlite-write-batch.ts): moves the counters of the families the
 * statement writes to. Called right before the statement runs; SQLite runs it and its transaction on the one
 * connection the caller holds, so no read can come between.
 */
export function noteRawWrite(text: string): void {
  bump(NAMES.filter((f) => RAW[f].test(text)));
}

type Node = OperationNode & Record<string, unknown>;

/** The table name of a TableNode, or of an AliasNode around one. */
function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') return ((n.table as Node).identifier as { name?: string }).name;
  return undefined;
}

function writesWatchedTable(node: RootOperationNode, family: WriteFamily): boolean {
  const watched = watchedBy(family);
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
      return RAW[family].test((n.sqlFragments as string[]).join(' '));
    default:
      return false;
  }
}

/**
 * Moves the counter before and after a write, so a read that raced the write cannot keep its answer under the new
 * counter, and once more when the write's transaction has ended: on PostgreSQL another connection sees the write
 * only after the COMMIT, and a read made before it must not be kept under the counter of the statement.
 */
export class WriteGenerationPlugin implements KyselyPlugin {
  readonly #writes = new WeakMap<object, WriteFamily[]>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    if (kind === 'SelectQueryNode') return args.node;
    const families = NAMES.filter((f) => writesWatchedTable(args.node, f));
    if (families.length > 0) {
      bump(families);
      this.#writes.set(args.queryId, families);
      whenTransactionOfQueryEnds(args.queryId, () => bump(families));
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const families = this.#writes.get(args.queryId);
    if (families) bump(families);
    return Promise.resolve(args.result);
  }
}
