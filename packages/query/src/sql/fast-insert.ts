import type { IToken } from 'chevrotain';
import type { Expr, LiteralExpr } from './ast/expr.js';
import type { InsertStatement } from './ast/statement.js';
import { stringValue } from './to-ast/cst.js';
import { numberLiteral as numberValue } from './to-ast/expr.js';
import * as T from './tokens.js';

/** Below this many tokens the grammar parses the statement alone (the fast path would save nothing). */
export const FAST_INSERT_MIN_TOKENS = 2000;

/**
 * `INSERT INTO t [(cols)] VALUES (...), (...), ...` whose rows hold only constants (numbers, signed
 * numbers, strings, TRUE, FALSE, NULL, DEFAULT), as bulk loads send them: the grammar parses the
 * statement up to the end of its first row (`parseHead`, so the table, columns and first row are the
 * grammar's own), and the other rows are read straight from the tokens into the same literal nodes
 * the grammar's tree would give. A 20,000-row INSERT took the parser about a second of main-thread
 * CPU, mostly building and collecting its syntax tree. Anything else (an expression, a function call,
 * a second statement) returns undefined and the whole statement goes through the grammar, so the
 * answer (and every syntax error) is the grammar's.
 */
export function fastInsert(tokens: readonly IToken[], parseHead: (head: IToken[]) => InsertStatement | undefined): InsertStatement | undefined {
  if (tokens.length < FAST_INSERT_MIN_TOKENS || tokens[0]?.tokenType !== T.Insert) return undefined;
  // The first `VALUES (` at paren depth 0, then the end of that first row.
  let i = 0;
  let depth = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!.tokenType;
    if (t === T.LParen) depth++;
    else if (t === T.RParen) depth--;
    else if (t === T.Values && depth === 0) break;
    else if (t === T.Semicolon || t === T.Select) return undefined;
  }
  if (i >= tokens.length || tokens[i + 1]?.tokenType !== T.LParen) return undefined;
  const firstRowEnd = rowEnd(tokens, i + 1);
  if (firstRowEnd === undefined) return undefined;
  // The remaining rows, each `, ( item [, item]* [,] )`, then nothing or one `;`.
  const rows: (Expr | 'default')[][] = [];
  let k = firstRowEnd + 1;
  while (k < tokens.length && tokens[k]!.tokenType === T.Comma) {
    const row = readRow(tokens, k + 1);
    if (row === undefined) return undefined;
    rows.push(row.items);
    k = row.next;
  }
  if (k < tokens.length && tokens[k]!.tokenType === T.Semicolon) k++;
  if (k !== tokens.length) return undefined;
  const head = parseHead(tokens.slice(0, firstRowEnd + 1));
  if (head === undefined || head.rows === undefined || head.rows.length !== 1) return undefined;
  return { ...head, rows: [head.rows[0]!, ...rows] };
}

/** The index of the `)` closing the row whose `(` is at `open` when the row holds constants only. */
function rowEnd(tokens: readonly IToken[], open: number): number | undefined {
  const row = readRow(tokens, open);
  return row === undefined ? undefined : row.next - 1;
}

/** A row of constants starting at its `(`: its items and the index after its `)`; undefined when it holds anything else. */
function readRow(tokens: readonly IToken[], open: number): { items: (Expr | 'default')[]; next: number } | undefined {
  if (tokens[open]?.tokenType !== T.LParen) return undefined;
  const items: (Expr | 'default')[] = [];
  let k = open + 1;
  for (;;) {
    const item = readItem(tokens, k);
    if (item === undefined) return undefined;
    items.push(item.value);
    k = item.next;
    const sep = tokens[k]?.tokenType;
    if (sep === T.RParen) return { items, next: k + 1 };
    if (sep !== T.Comma) return undefined;
    k++;
    if (tokens[k]?.tokenType === T.RParen) return { items, next: k + 1 }; // a trailing comma, as the grammar accepts
  }
}

function readItem(tokens: readonly IToken[], k: number): { value: Expr | 'default'; next: number } | undefined {
  const t = tokens[k];
  if (t === undefined) return undefined;
  const type = t.tokenType;
  if (type === T.NumberLiteral) return { value: numberLiteral(t), next: k + 1 };
  if (type === T.StringLiteral) return { value: { kind: 'literal', value: stringValue(t) }, next: k + 1 };
  if (type === T.Null) return { value: NULL, next: k + 1 };
  if (type === T.True) return { value: TRUE, next: k + 1 };
  if (type === T.False) return { value: FALSE, next: k + 1 };
  if (type === T.Default) return { value: 'default', next: k + 1 };
  if ((type === T.Minus || type === T.Plus) && tokens[k + 1]?.tokenType === T.NumberLiteral) {
    // A sign directly before a number, folded as the grammar's unary rule folds it; `- -1`, `-x` and
    // the like are not constants here.
    const after = tokens[k + 2]?.tokenType;
    if (after !== T.Comma && after !== T.RParen) return undefined;
    const n = numberLiteral(tokens[k + 1]!);
    if (type === T.Plus) return { value: n, next: k + 2 };
    if (typeof n.value === 'number') return { value: { kind: 'literal', value: -n.value, text: `-${n.text!}` }, next: k + 2 };
    return { value: { kind: 'literal', value: -(n.value as bigint) }, next: k + 2 };
  }
  return undefined;
}

const NULL: LiteralExpr = Object.freeze({ kind: 'literal', value: null });
const TRUE: LiteralExpr = Object.freeze({ kind: 'literal', value: true });
const FALSE: LiteralExpr = Object.freeze({ kind: 'literal', value: false });

/** A number as the grammar's tree-to-AST reads it, its text kept. */
function numberLiteral(t: IToken): LiteralExpr {
  return { kind: 'literal', value: numberValue(t), text: t.image };
}
