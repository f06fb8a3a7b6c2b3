/**
 * The search condition of the generic lists (db/list.ts): "one of the searchable columns contains the term,
 * case-insensitively", answered through the list search index (dialect/list-search.ts) where the migrations built
 * one, so a search of a list of 100,000 records reads only the records that may hold the term.
 */
import {
  AliasNode,
  FromNode,
  IdentifierNode,
  JoinNode,
  SelectQueryNode,
  sql,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { LIST_SEARCH_COLUMNS_0013 } from './migrations/0013-list-search';
import { containsInsensitive, containsPattern, type DialectKind } from './dialect/index';
import {
  listSearchIds,
  listSearchValue,
  refreshListSearchStats,
  type ListSearchColumns,
  type ListSearchMode,
  type ListSearchValue,
} from './dialect/list-search';

/** Every (table, column) the migrations have indexed for list search; a later migration that indexes more adds its list here. */
export const INDEXED_LIST_SEARCH: ListSearchColumns = LIST_SEARCH_COLUMNS_0013;

export { listSearchValue, type ListSearchMode, type ListSearchValue };

/** Keeps the term statistics of the search fresh (in the background; see dialect/list-search.ts). */
export const refreshSearchStats = (db: Kysely<any>, kind: DialectKind) => refreshListSearchStats(db, kind, INDEXED_LIST_SEARCH);

/** The records of one alias of the list's query whose indexed columns may hold the term. */
interface AliasSearch {
  alias: string;
  table: string;
  columns: string[];
}

const plans = new WeakMap<readonly string[], AliasSearch[] | null>();

type AnyNode = OperationNode & Record<string, any>;

/** alias -> table of a query's FROM and JOINs (`categories as t` ...), read from Kysely's operation tree. */
function aliasTables(query: SelectQueryBuilder<any, any, any>): Map<string, string> {
  const node = query.toOperationNode() as AnyNode;
  const map = new Map<string, string>();
  const add = (n: AnyNode | undefined) => {
    if (n?.kind !== 'AliasNode' || n.node?.kind !== 'TableNode') return;
    map.set(n.alias?.name, n.node.table?.identifier?.name);
  };
  for (const from of (node.from?.froms ?? []) as AnyNode[]) add(from);
  for (const join of (node.joins ?? []) as AnyNode[]) add(join.table);
  return map;
}

/**
 * How a list's search columns map onto the index: one entry per alias, or null when some column is not indexed (the
 * list then keeps its plain condition; a scan, but the same answer). Computed once per list.
 */
function searchPlan(searchColumns: readonly string[], query: SelectQueryBuilder<any, any, any>): AliasSearch[] | null {
  if (plans.has(searchColumns)) return plans.get(searchColumns)!;
  const tables = aliasTables(query);
  const byAlias = new Map<string, AliasSearch>();
  let plan: AliasSearch[] | null = [];
  for (const qualified of searchColumns) {
    const [alias, column] = qualified.split('.');
    const table = alias === undefined ? undefined : tables.get(alias);
    if (!table || !column || !INDEXED_LIST_SEARCH[table]?.includes(column)) {
      plan = null;
      break;
    }
    const entry = byAlias.get(alias!) ?? { alias: alias!, table, columns: [] };
    entry.columns.push(column);
    byAlias.set(alias!, entry);
  }
  if (plan) plan = [...byAlias.values()];
  plans.set(searchColumns, plan);
  return plan;
}

/**
 * Adds the list's search to its query. `term` is the trimmed term (or a cache marker for its LIKE pattern), `value`,
 * `fragments` and `mode` come from listSearchValue (or are markers too), `businessId` is the business (or its marker).
 * PostgreSQL: per column, the pg_trgm index is asked for the two fragments (the term's rarest trigrams, or the whole
 * term), and the exact condition is written so that the index cannot take it (`col || ''`): otherwise the planner
 * would hand the index every trigram of the term again, common ones included. SQLite: the records the index names,
 * checked exactly on their indexed values (`lowered`: the lower-cased term, or its marker), or with the same plain
 * condition as a scan where a column is in a joined table; either way the answer is exactly a scan's. The index's hits lead the query
 * (CROSS JOIN keeps SQLite's join order): without statistics SQLite would rather walk every record of the shop
 * testing each against them.
 */
export function withListSearch<Q extends SelectQueryBuilder<any, any, any>>(
  kind: DialectKind,
  query: Q,
  searchColumns: readonly string[],
  businessId: unknown,
  term: string,
  value: unknown,
  mode: ListSearchMode,
  fragments: readonly [unknown, unknown],
  lowered: unknown,
): Q {
  if (kind === 'postgres') {
    const indexed = searchPlan(searchColumns, query) !== null;
    const pattern = containsPattern(term);
    const perColumn = searchColumns.map((c) =>
      indexed && mode === 'trigram'
        ? sql<SqlBool>`(${sql.ref(c)} ILIKE ${fragments[0]} ESCAPE '\\' AND ${sql.ref(c)} ILIKE ${fragments[1]} ESCAPE '\\' AND (${sql.ref(c)} || '') ILIKE ${pattern} ESCAPE '\\')`
        : containsInsensitive(kind, sql.ref(c), term),
    );
    return query.where(sql<SqlBool>`(${sql.join(perColumn, sql` OR `)})`) as Q;
  }
  const plain = sql<SqlBool>`(${sql.join(
    searchColumns.map((c) => containsInsensitive(kind, sql.ref(c), term)),
    sql` OR `,
  )})`;
  const searched = query.where(plain) as Q;
  const plan = searchPlan(searchColumns, query);
  if (!plan?.length) return searched;
  const fromAlias = firstFrom(query);
  if (plan.length === 1 && plan[0]!.alias === fromAlias) {
    // Every searchable column is indexed: the hits are checked exactly on their indexed values (see listSearchIds).
    const hits = sql`(SELECT DISTINCT row_id FROM (${listSearchIds(plan[0]!.table, plan[0]!.columns, businessId, mode, value, lowered)}))`;
    return query.withPlugin(hitsFirst(fromAlias, hits.toOperationNode())) as Q;
  }
  // Hits in joined tables (a value's variation name): a condition; such lists are small.
  const candidates = sql.join(
    plan.map((a) => sql`${sql.ref(`${a.alias}.id`)} IN (${listSearchIds(a.table, a.columns, businessId, mode, value)})`),
    sql` OR `,
  );
  return searched.where(sql<SqlBool>`(${candidates})`) as Q;
}

function firstFrom(query: SelectQueryBuilder<any, any, any>): string | undefined {
  const from = (query.toOperationNode() as AnyNode).from?.froms?.[0] as AnyNode | undefined;
  return from?.kind === 'AliasNode' && from.node?.kind === 'TableNode' ? from.alias?.name : undefined;
}

const HITS = 'list_hits';

/** Rewrites `FROM t AS a JOIN ...` into `FROM (hits) AS list_hits CROSS JOIN t AS a ON a.id = list_hits.row_id JOIN ...`. */
function hitsFirst(alias: string, hits: OperationNode): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (!SelectQueryNode.is(node) || !node.from) return node;
      const [table, ...rest] = node.from.froms;
      if (!table) return node;
      const on = sql`${sql.ref(`${alias}.id`)} = ${sql.ref(`${HITS}.row_id`)}`.toOperationNode();
      return {
        ...node,
        from: FromNode.create([AliasNode.create(hits, IdentifierNode.create(HITS)), ...rest]),
        joins: [JoinNode.createWithOn('CrossJoin', table, on), ...(node.joins ?? [])],
      };
    },
    transformResult: async ({ result }) => result,
  };
}
