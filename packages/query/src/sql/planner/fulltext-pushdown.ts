import { storeTermMatchesLikeEngine } from '../expr/match-term.js';
import type { ColumnDef, Predicate, TableInfo } from '@sluice/storage';
import type { Expr } from '../ast/expr.js';
import { compileExpr } from '../expr/compile.js';
import { isHanWord, parseFulltextQuery } from '../expr/fulltext.js';
import type { EvalContext } from '../expr/relation.js';

/** A string column of this scan named by `e`. */
function stringColumn(e: Expr, table: TableInfo, qualifier: string): ColumnDef | undefined {
  if (e.kind !== 'column' || (e.table !== undefined && e.table !== qualifier)) return undefined;
  const col = table.columns.find((c) => c.name === e.name) ?? table.columns.find((c) => c.name.toLowerCase() === e.name.toLowerCase());
  return col?.type === 'string' ? col : undefined;
}

function constantText(e: Expr, ctx: EvalContext): string | undefined {
  try {
    const v = compileExpr(e, { fields: [], ctx }).constant?.value;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Full-text conditions the store evaluates itself (on chunk bytes, skipping what cannot match):
 * `matches(col, 'a AND b ...')` whose query is single-word terms all required (one word, or words joined
 * by AND / prefixed with +) becomes `word` predicates; `matches_term(col, 't')` and `col @@ 't'` become a
 * `term` predicate. Anything else (phrases, OR, NOT) stays with the engine.
 */
export function fulltextPredicates(e: Expr, table: TableInfo, qualifier: string, ctx: EvalContext): Predicate[] | undefined {
  let colExpr: Expr | undefined;
  let queryExpr: Expr | undefined;
  let kind: 'matches' | 'term' | undefined;
  if (e.kind === 'function' && !e.over && !e.distinct && e.args.length === 2) {
    const name = e.name.toLowerCase();
    if (name === 'matches' || name === 'matches_term') [colExpr, queryExpr, kind] = [e.args[0], e.args[1], name === 'matches' ? 'matches' : 'term'];
  } else if (e.kind === 'binary' && e.op === '@@') [colExpr, queryExpr, kind] = [e.left, e.right, 'term'];
  if (!colExpr || !queryExpr || !kind) return undefined;
  const col = stringColumn(colExpr, table, qualifier);
  const q = constantText(queryExpr, ctx);
  if (!col || q === undefined) return undefined;
  // Only terms the store's `term` predicate matches exactly as matches_term does go down.
  if (kind === 'term') return storeTermMatchesLikeEngine(q) ? [{ column: col.name, op: 'term', value: q }] : undefined;
  let root;
  try {
    root = parseFulltextQuery(q);
  } catch {
    return undefined;
  }
  const terms = root.kind === 'term' ? [{ occur: 'must', node: root }] : root.clauses;
  const words: string[] = [];
  for (const c of terms) {
    // A Han word matches as a substring, not as the store's whole `word`.
    if (c.occur !== 'must' || c.node.kind !== 'term' || c.node.words.length !== 1 || isHanWord(c.node.words[0]!)) return undefined;
    words.push(c.node.words[0]!);
  }
  return words.map((w) => ({ column: col.name, op: 'word', value: w }));
}
