import type { CstNode, IToken } from 'chevrotain';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { BinaryOp, Expr, FrameBound, LiteralValue } from '../ast/expr.js';
import { SqlSyntaxError } from '../errors.js';
import { logicalTypeOf } from '../types/logical-type.js';
import { decimalType } from '../types/decimal.js';
import { columnTypeOf } from '../types/type-names.js';
import { parseIntervalText } from '../types/interval-text.js';
import { type Children, firstToken, has, identifierText, node, nodes, operatorTokens, posOf, stringValue, token, tokens } from './cst.js';
import { toOrderKey, toQuery } from './query.js';
import { withRange } from './range.js';

const OP_OF_TOKEN: Record<string, BinaryOp> = {
  Eq: '=', NotEq: '!=', Lt: '<', LtEq: '<=', Gt: '>', GtEq: '>=',
  Regex: '~', RegexI: '~*', NotRegex: '!~', NotRegexI: '!~*', AtAt: '@@',
  Plus: '+', Minus: '-', Concat: '||', Star: '*', Slash: '/', Percent: '%',
};

export function toExpr(n: CstNode): Expr {
  const c = n.children as Children;
  switch (n.name) {
    case 'expression':
      return chain(nodes(c, 'operands').map(toExpr), 'or');
    case 'andExpr':
      return chain(nodes(c, 'operands').map(toExpr), 'and');
    case 'notExpr':
      return has(c, 'Not') ? { kind: 'unary', op: 'not', operand: toExpr(node(c, 'notExpr')!) } : toExpr(node(c, 'predicate')!);
    case 'predicate':
      return predicate(c);
    case 'additive':
    case 'multiplicative': {
      const operands = nodes(c, 'operands').map(toExpr);
      const ops = operatorTokens(c, ['Plus', 'Minus', 'Concat', 'Star', 'Slash', 'Percent']);
      let acc = operands[0]!;
      ops.forEach((t, i) => (acc = { kind: 'binary', op: OP_OF_TOKEN[t.tokenType.name]!, left: acc, right: operands[i + 1]! }));
      return acc;
    }
    case 'unary': {
      if (has(c, 'postfix')) return toExpr(node(c, 'postfix')!);
      const operand = toExpr(node(c, 'unary')!);
      if (has(c, 'Plus')) return operand;
      if (operand.kind === 'literal' && typeof operand.value === 'number') return { kind: 'literal', value: -operand.value, ...(operand.text ? { text: `-${operand.text}` } : {}) };
      if (operand.kind === 'literal' && typeof operand.value === 'bigint') return { kind: 'literal', value: -operand.value };
      return { kind: 'unary', op: '-', operand };
    }
    case 'postfix': {
      let e = toExpr(node(c, 'primary')!);
      for (const tn of nodes(c, 'typeName')) e = castTo(e, tn);
      const range = node(c, 'rangeSuffix');
      return range ? withRange(e, range) : e;
    }
    case 'primary':
      return primary(c);
    default:
      throw new SluiceError(StatusCode.Internal, `SQL parser: unexpected CST node ${n.name}`);
  }
}

function chain(operands: Expr[], op: 'and' | 'or'): Expr {
  return operands.reduce((l, r) => ({ kind: 'binary', op, left: l, right: r }));
}

function predicate(c: Children): Expr {
  const left = toExpr(node(c, 'left')!);
  if (has(c, 'comparisonOp')) {
    const opTok = Object.values(node(c, 'comparisonOp')!.children)[0]![0] as IToken;
    return { kind: 'binary', op: OP_OF_TOKEN[opTok.tokenType.name]!, left, right: toExpr(node(c, 'right')!) };
  }
  if (has(c, 'Is')) return { kind: 'is_null', operand: left, negated: has(c, 'isNot') };
  const negated = has(c, 'negated');
  const inQuery = node(c, 'inQuery');
  if (inQuery) return { kind: 'in_subquery', operand: left, query: toQuery(inQuery), negated, pos: posOf(tokens(c, 'In')[0]!) };
  if (has(c, 'In')) return { kind: 'in_list', operand: left, list: nodes(c, 'inList').map(toExpr), negated };
  if (has(c, 'Between')) return { kind: 'between', operand: left, low: toExpr(node(c, 'low')!), high: toExpr(node(c, 'high')!), negated };
  if (has(c, 'Like') || has(c, 'Ilike')) {
    return { kind: 'like', operand: left, pattern: toExpr(node(c, 'pattern')!), caseInsensitive: has(c, 'Ilike'), negated };
  }
  return left;
}

/** A number token's value: an integer (a bigint past 2^53), else a float. */
export function numberLiteral(t: IToken): LiteralValue {
  const img = t.image;
  if (/^\d+$/.test(img)) {
    const n = Number(img);
    return Number.isSafeInteger(n) ? n : BigInt(img);
  }
  return Number(img);
}

function primary(c: Children): Expr {
  const num = token(c, 'NumberLiteral');
  if (num) return { kind: 'literal', value: numberLiteral(num), text: num.image };
  const str = token(c, 'StringLiteral');
  if (str) return { kind: 'literal', value: stringValue(str) };
  if (has(c, 'True')) return { kind: 'literal', value: true };
  if (has(c, 'False')) return { kind: 'literal', value: false };
  if (has(c, 'Null')) return { kind: 'literal', value: null };
  const iv = token(c, 'intervalText');
  if (iv) {
    const unit = node(c, 'intervalUnit');
    const text = stringValue(iv) + (unit ? ` ${identifierText(unit)}` : '');
    const { months, ns } = intervalOf(text, iv);
    return { kind: 'interval', ns, ...(months !== 0 ? { months } : {}), text };
  }
  const ts = token(c, 'timestampText');
  if (ts) return { kind: 'timestamp_literal', text: stringValue(ts), pos: posOf(ts) };
  const date = token(c, 'dateText');
  if (date) return { kind: 'cast', operand: { kind: 'literal', value: stringValue(date) }, type: 'date', typeText: 'DATE' };
  if (has(c, 'caseExpr')) return caseExpr(node(c, 'caseExpr')!.children as Children);
  if (has(c, 'Cast')) return castTo(toExpr(node(c, 'castOperand')!), node(c, 'typeName')!);
  if (has(c, 'tryCast')) {
    const e = castTo(toExpr(node(c, 'tryCastOperand')!), node(c, 'tryCastType')!);
    return e.kind === 'cast' ? { ...e, try: true } : e;
  }
  if (has(c, 'Extract')) {
    const fieldNode = node(c, 'extractField')!;
    return {
      kind: 'function',
      name: 'date_part',
      // DataFusion names the field in upper case whatever was written: date_part(Utf8("YEAR"), x).
      args: [{ kind: 'literal', value: identifierText(fieldNode).toUpperCase() }, toExpr(node(c, 'extractOperand')!)],
      distinct: false,
      pos: posOf(firstToken(fieldNode)),
    };
  }
  const leftFn = token(c, 'leftFn');
  if (leftFn) return { kind: 'function', name: leftFn.image.toLowerCase(), args: nodes(c, 'leftArgs').map(toExpr), distinct: false, pos: posOf(leftFn) };
  if (has(c, 'existsQuery')) return { kind: 'subquery', query: toQuery(node(c, 'existsQuery')!), exists: true, pos: posOf(tokens(c, 'Exists')[0]!) };
  if (has(c, 'subquery')) return { kind: 'subquery', query: toQuery(node(c, 'subquery')!), pos: posOf(tokens(c, 'LParen')[0]!) };
  if (has(c, 'parenthesized')) return toExpr(node(c, 'parenthesized')!);
  return nameOrCall(node(c, 'nameOrCall')!.children as Children);
}

export function nameOrCall(c: Children): Expr {
  const parts = nodes(c, 'parts');
  const pos = posOf(firstToken(parts[0]!));
  if (has(c, 'LParen')) {
    const name = identifierText(parts[0]!);
    let args: Expr[] = has(c, 'Star') ? [{ kind: 'star' }] : nodes(c, 'args').map(toExpr);
    const inside = node(c, 'positionIn');
    if (inside) {
      if (name.toLowerCase() !== 'position' || args.length !== 1) {
        const t = firstToken(inside);
        throw new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, `'IN' inside a call is only valid as position(substring IN string)`);
      }
      return { kind: 'function', name: 'strpos', args: [toExpr(inside), args[0]!], distinct: false, pos };
    }
    const trimFrom = node(c, 'trimFrom');
    if (trimFrom || has(c, 'trimWhere')) {
      const at = firstToken(trimFrom ?? parts[0]!);
      if (name !== 'trim' || args.length !== 1) throw new SqlSyntaxError(at.startLine ?? 1, at.startColumn ?? 1, `'FROM' inside a call is only valid as trim([BOTH | LEADING | TRAILING] [chars] FROM string)`);
      if (!trimFrom) throw new SqlSyntaxError(at.startLine ?? 1, at.startColumn ?? 1, `trim(${token(c, 'trimWhere')!.image} ...) needs FROM: trim(${token(c, 'trimWhere')!.image} chars FROM string)`);
      const where = token(c, 'trimWhere')?.image.toLowerCase();
      const fn = where === 'leading' ? 'ltrim' : where === 'trailing' ? 'rtrim' : 'btrim';
      return { kind: 'function', name: fn, args: [toExpr(trimFrom), args[0]!], distinct: false, pos };
    }
    const aggOrder = nodes(c, 'aggOrder').map(toOrderKey);
    const ordered = aggOrder.length > 0 ? { orderBy: aggOrder } : {};
    const within = node(c, 'withinGroup');
    if (within) {
      // f(p, ...) WITHIN GROUP (ORDER BY x [DESC]) is f(x, p, ...); descending order takes the 1 - p percentile.
      const key = toOrderKey(within);
      // approx_percentile_cont_with_weight(w, p) WITHIN GROUP (ORDER BY x) is f(x, w, p).
      const weights = name === 'approx_percentile_cont_with_weight' ? args.slice(0, 1) : [];
      const [p, ...rest] = args.slice(weights.length);
      const fraction: Expr | undefined = p && key.descending ? { kind: 'binary', op: '-', left: { kind: 'literal', value: 1 }, right: p } : p;
      const written = { args, key };
      args = [key.expr, ...weights, ...(fraction ? [fraction] : []), ...rest];
      return { kind: 'function', name, args, distinct: has(c, 'Distinct'), pos, withinGroup: written };
    }
    const over = node(c, 'overClause');
    if (over) {
      const oc = over.children as Children;
      const start = node(oc, 'frameStart');
      const end = node(oc, 'frameEnd');
      const frame = start ? { units: (token(oc, 'frameUnits')!.image.toLowerCase() as 'rows' | 'range'), start: frameBound(start), end: end ? frameBound(end) : ({ kind: 'current_row' } as const) } : undefined;
      const spec = { partitionBy: nodes(oc, 'partitionBy').map(toExpr), orderBy: nodes(oc, 'orderItem').map(toOrderKey), ...(frame ? { frame } : {}) };
      return { kind: 'function', name, args, distinct: has(c, 'Distinct'), pos, over: spec };
    }
    return { kind: 'function', name, args, distinct: has(c, 'Distinct'), pos, ...ordered };
  }
  const names = parts.map(identifierText);
  if (names.length === 1) return { kind: 'column', name: names[0]!, pos, ...(firstToken(parts[0]!).image.startsWith('"') ? { doubleQuoted: true as const } : {}) };
  if (names.length === 2) return { kind: 'column', table: names[0], name: names[1]!, pos };
  // db.table.column: the qualifier is the table.
  return { kind: 'column', table: names[names.length - 2], name: names[names.length - 1]!, pos, parts: names };
}

function caseExpr(c: Children): Expr {
  const whens = nodes(c, 'when');
  const thens = nodes(c, 'then');
  const operand = node(c, 'caseOperand');
  const otherwise = node(c, 'otherwise');
  return {
    kind: 'case',
    ...(operand ? { operand: toExpr(operand) } : {}),
    whens: whens.map((w, i) => ({ when: toExpr(w), then: toExpr(thens[i]!) })),
    ...(otherwise ? { otherwise: toExpr(otherwise) } : {}),
  };
}

/**
 * `x::type` / `CAST(x AS type)`. INTERVAL is not a column type: a text constant cast to it is read as an
 * interval literal (`'1 day'::INTERVAL` is `INTERVAL '1 day'`); other operands are refused.
 */
function castTo(e: Expr, tn: CstNode): Expr {
  if (has(tn.children as Children, 'intervalType')) {
    // `(INTERVAL '1' hour)::INTERVAL` is the interval itself (named after it, as DataFusion does).
    if (e.kind === 'interval') return e;
    const at = firstToken(tn);
    if (e.kind !== 'literal' || typeof e.value !== 'string') throw new SluiceError(StatusCode.Unsupported, `casting to INTERVAL is supported for text constants only (line ${at.startLine}, column ${at.startColumn})`);
    const { months, ns } = intervalOf(e.value, at);
    return { kind: 'interval', ns, ...(months !== 0 ? { months } : {}), text: e.value, fromText: true };
  }
  const { type, typeText, sqlType } = typeOf(tn);
  const dec = sqlType !== undefined ? /^DECIMAL\((\d+),(\d+)\)$/.exec(sqlType) : null;
  return { kind: 'cast', operand: e, type: sqlType === 'DATE' ? 'date' : dec ? decimalType(Number(dec[1]), Number(dec[2])) : type, typeText };
}

export function typeOf(n: CstNode): { type: import('@sluice/pipeline-core').ColumnType; typeText: string; sqlType?: string } {
  const c = n.children as Children;
  if (has(c, 'intervalType')) {
    const t = firstToken(n);
    throw new SluiceError(StatusCode.Unsupported, `Not supported: columns of interval type (line ${t.startLine}, column ${t.startColumn})`);
  }
  const words = nodes(c, 'words').map(identifierText);
  const p = token(c, 'precision');
  const typeText = words.join(' ').toUpperCase() + (p ? `(${p.image}${token(c, 'scale') ? `, ${token(c, 'scale')!.image}` : ''})` : '');
  const sc = token(c, 'scale');
  const logical = logicalTypeOf(words, p ? Number(p.image) : undefined, sc ? Number(sc.image) : undefined);
  if (logical) return { ...logical, typeText };
  const type = columnTypeOf(words, p ? Number(p.image) : undefined);
  if (type === undefined) {
    const t = firstToken(n);
    throw new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, `unknown data type '${typeText}'`);
  }
  return { type, typeText };
}

/** Interval text such as `5 minutes`, `1 month`, `1h30m`, `2 days` (types/interval-text.ts). */
function intervalOf(text: string, at: IToken): { months: number; ns: bigint } {
  try {
    return parseIntervalText(text);
  } catch (e) {
    throw new SqlSyntaxError(at.startLine ?? 1, at.startColumn ?? 1, `invalid interval '${text}': ${(e as Error).message}`);
  }
}

function frameBound(n: CstNode): FrameBound {
  const c = n.children as Children;
  if (has(c, 'Current')) return { kind: 'current_row' };
  const preceding = has(c, 'Preceding');
  if (has(c, 'Unbounded')) return { kind: preceding ? 'unbounded_preceding' : 'unbounded_following' };
  const t = token(c, 'frameOffset')!;
  const k = Number(t.image);
  if (!Number.isFinite(k) || k < 0) throw new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, `invalid window frame offset ${t.image}`);
  return { kind: 'offset', offset: preceding ? -k : k };
}
