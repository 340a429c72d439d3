import type { CstNode, IToken } from 'chevrotain';
import type { Expr, FunctionExpr, RangeDuration, RangeFill, RangeSpec } from '../ast/expr.js';
import type { AlignClause, AlignTo, SelectCore } from '../ast/query.js';
import { RangeQueryError, SqlSyntaxError } from '../errors.js';
import { mapExpr } from '../expr/map-expr.js';
import { exprText } from '../expr/print.js';
import { childrenOf, walkExpr } from '../expr/walk.js';
import { parsePromDuration } from '../../promql/duration.js';
import { type Children, firstToken, has, node, nodes, posOf, stringValue, token } from './cst.js';
import { toExpr } from './expr.js';

/**
 * GreptimeDB's range query syntax as its SQL parser reads it: `expr RANGE d [FILL f]` marks every
 * outermost function call of `expr` (through operators, casts, `ceil`/`floor`) as a range aggregate,
 * and `ALIGN step [TO origin] [BY (...)] [FILL f]` gives them their step, origin, keys and default fill.
 */

const syntax = (t: IToken, message: string) => new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, message);

/** A duration as written; text durations are checked here, as GreptimeDB's parser does (zero is refused when planned). */
export function toDuration(n: CstNode): RangeDuration {
  const c = n.children as Children;
  const text = token(c, 'durationText');
  if (text) {
    const s = stringValue(text);
    if (s === '') throw syntax(text, 'empty duration string');
    if (s === '0') throw syntax(text, 'duration must be greater than 0');
    if (parsePromDuration(s) === undefined) throw syntax(text, `not a valid duration string: ${s}`);
    return { kind: 'text', text: s };
  }
  const num = token(c, 'durationNumber');
  if (num) throw syntax(num, `not a valid duration string: ${num.image}`);
  return { kind: 'expr', expr: toExpr(node(c, 'durationExpr')!) };
}

export function toFill(n: CstNode): RangeFill {
  const c = n.children as Children;
  const word = token(c, 'fillWord');
  if (word) {
    const w = word.image.toUpperCase();
    if (w === 'NULL') return { kind: 'null' };
    if (w === 'PREV') return { kind: 'prev' };
    if (w === 'LINEAR') return { kind: 'linear' };
    return { kind: 'const', text: word.image };
  }
  const str = token(c, 'fillString');
  if (str) return { kind: 'const', text: stringValue(str) };
  return { kind: 'const', text: `${has(c, 'fillMinus') ? '-' : ''}${token(c, 'fillNumber')!.image}` };
}

const isRanged = (e: Expr): e is FunctionExpr & { range: RangeSpec } => e.kind === 'function' && e.range !== undefined;

/** `expr RANGE d [FILL f]` (a `rangeSuffix` CST node after `expr`). */
export function withRange(e: Expr, suffix: CstNode): Expr {
  const c = suffix.children as Children;
  const fillNode = node(c, 'fillOption');
  const spec: RangeSpec = { duration: toDuration(node(c, 'durationValue')!), ...(fillNode ? { fill: toFill(fillNode) } : {}) };
  let marked = 0;
  const mark = (x: Expr): Expr => {
    switch (x.kind) {
      case 'function':
        if (x.range) nested();
        // sqlparser reads ceil(x) and floor(x) as operators, which RANGE looks through.
        if ((x.name === 'ceil' || x.name === 'floor') && x.args.length === 1 && !x.over) return { ...x, args: [mark(x.args[0]!)] };
        marked++;
        return { ...x, range: spec };
      case 'binary':
        return { ...x, left: mark(x.left), right: mark(x.right) };
      case 'unary':
      case 'cast':
        return { ...x, operand: mark(x.operand) };
      default:
        return x;
    }
  };
  const out = mark(e);
  if (marked === 0) throw syntax(firstToken(suffix), `Can't use the RANGE keyword in Expr ${exprText(e)} without function`);
  return out;
}

export function toAlign(n: CstNode): AlignClause {
  const c = n.children as Children;
  const at = posOf(firstToken(n));
  const before = node(c, 'fillBefore');
  const after = node(c, 'fillAfter');
  if (before && after) throw syntax(firstToken(after), 'Duplicate FILL keyword detected in SELECT clause.');
  const fill = before ?? after;
  const toText = token(c, 'toText');
  const toExprNode = node(c, 'toExpr');
  const to: AlignTo = toExprNode
    ? { kind: 'expr', expr: toExpr(toExprNode) }
    : toText
      ? { kind: 'text', text: toText.image.replace(/^['"]|['"]$/g, '') }
      : { kind: 'default' };
  const by = has(c, 'By') ? nodes(c, 'alignBy').map(toExpr) : undefined;
  return {
    step: toDuration(node(c, 'durationValue')!),
    to,
    // `BY ()`: one group, written as the constant 1 as GreptimeDB's parser does.
    ...(by ? { by: by.length > 0 ? by : [{ kind: 'literal', value: 1, text: '1' }] } : {}),
    ...(fill ? { fill: toFill(fill) } : {}),
    pos: at,
  };
}

const nested = (): never => {
  throw new RangeQueryError('Nest Range Query is not allowed');
};

function hasRange(e: Expr): boolean {
  let found = false;
  walkExpr(e, (x) => {
    if (isRanged(x)) found = true;
    return !found;
  });
  return found;
}

/** Gives range calls without a FILL the ALIGN clause's. */
export function withAlignFill(e: Expr, align: AlignClause): Expr {
  if (!align.fill) return e;
  const fill = align.fill;
  return mapExpr(e, (x) => (isRanged(x) && !x.range.fill ? { ...x, range: { ...x.range, fill } } : x));
}

/**
 * The checks GreptimeDB's parser makes on a select core with or without ALIGN, and the ALIGN clause's
 * FILL given to each range call of the select list.
 */
export function finishRangeSelect(core: SelectCore, at: IToken): SelectCore {
  const exprs = core.items.flatMap((i) => (i.kind === 'expr' ? [i.expr] : []));
  const elsewhere = [...(core.where ? [core.where] : []), ...core.groupBy, ...(core.having ? [core.having] : [])];
  if (elsewhere.some(hasRange)) throw syntax(at, 'RANGE is only allowed in the select list (and ORDER BY) of a range query');
  const align = core.align;
  if (!align) {
    if (exprs.some(hasRange)) throw syntax(at, 'ALIGN argument cannot be omitted in the range select query');
    return core;
  }
  for (const e of exprs) walkExpr(e, (x) => void (isRanged(x) && childrenOf(x).some(hasRange) && nested()));
  if (core.items.some((i) => i.kind === 'star')) throw syntax(at, 'Wildcard `*` is not allowed in range select query');
  if (!exprs.some(hasRange)) throw syntax(at, 'Illegal Range select, no RANGE keyword found in any SelectItem');
  if (core.groupBy.length > 0) throw syntax(at, 'a range query groups by its ALIGN ... BY (...) keys: GROUP BY cannot be used with ALIGN');
  if (core.having) throw syntax(at, 'HAVING cannot be used with ALIGN (filter the range query in an outer query)');
  return { ...core, items: core.items.map((i) => (i.kind === 'expr' ? { ...i, expr: withAlignFill(i.expr, align) } : i)) };
}
