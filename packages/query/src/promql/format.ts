import type { Aggregate, AtModifier, Binary, Expr, ExprKind, Subquery, VectorSelector } from './ast.js';
import { formatPromDuration } from './duration.js';
import { quote } from './strings.js';

/** Go's fmt.Sprint(float64) (%v = %g, shortest): exponent form when the decimal exponent is < -4 or >= 6. */
export function formatGoFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mant, e] = v.toExponential().split('e') as [string, string];
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(v);
}

function offsetAt(offsetMs: number, at: AtModifier | undefined): [string, string] {
  const offset = offsetMs > 0 ? ` offset ${formatPromDuration(offsetMs)}` : offsetMs < 0 ? ` offset -${formatPromDuration(-offsetMs)}` : '';
  const atText = !at ? '' : at.kind === 'time' ? ` @ ${(at.ms / 1000).toFixed(3)}` : ` @ ${at.kind}()`;
  return [offset, atText];
}

function selectorBody(e: VectorSelector): string {
  const name = e.name ?? '';
  const ms = e.matchers
    .filter((m) => !(m.name === '__name__' && m.op === '=' && m.value === name && e.name !== undefined))
    .map((m) => `${m.name}${m.op}${quote(m.value)}`)
    .sort();
  return ms.length === 0 ? name : `${name}{${ms.join(',')}}`;
}

function aggOp(e: Aggregate): string {
  if (e.without) return `${e.op} without (${e.grouping.join(', ')}) `;
  if (e.grouping.length > 0) return `${e.op} by (${e.grouping.join(', ')}) `;
  return e.op;
}

function matchingText(e: Binary): string {
  const m = e.matching;
  if (!m || (m.labels.length === 0 && !m.on)) return '';
  let s = ` ${m.on ? 'on' : 'ignoring'} (${m.labels.join(', ')})`;
  if (m.card === 'many-to-one' || m.card === 'one-to-many') s += ` group_${m.card === 'many-to-one' ? 'left' : 'right'} (${m.include.join(', ')})`;
  return s;
}

function subquerySuffix(e: Subquery): string {
  const [offset, at] = offsetAt(e.offsetMs, e.at);
  return `[${formatPromDuration(e.rangeMs)}:${e.stepMs ? formatPromDuration(e.stepMs) : ''}]${at}${offset}`;
}

type Printer = { readonly [K in ExprKind]: (e: Extract<Expr, { kind: K }>) => string };

const PRINT: Printer = {
  number: (e) => formatGoFloat(e.value),
  string: (e) => quote(e.value),
  paren: (e) => `(${formatExpr(e.expr)})`,
  unary: (e) => `${e.op}${formatExpr(e.expr)}`,
  vector_selector: (e) => {
    const [offset, at] = offsetAt(e.offsetMs, e.at);
    return `${selectorBody(e)}${at}${offset}`;
  },
  matrix_selector: (e) => {
    const [offset, at] = offsetAt(e.selector.offsetMs, e.selector.at);
    return `${selectorBody(e.selector)}[${formatPromDuration(e.rangeMs)}]${at}${offset}`;
  },
  subquery: (e) => `${formatExpr(e.expr)}${subquerySuffix(e)}`,
  call: (e) => `${e.func}(${e.args.map(formatExpr).join(', ')})`,
  aggregate: (e) => `${aggOp(e)}(${e.param ? `${formatExpr(e.param)}, ` : ''}${formatExpr(e.expr)})`,
  binary: (e) => `${formatExpr(e.lhs)} ${e.op}${e.returnBool ? ' bool' : ''}${matchingText(e)} ${formatExpr(e.rhs)}`,
};

/** The canonical one-line text of an expression (Prometheus's String()). */
export function formatExpr(e: Expr): string {
  return (PRINT[e.kind] as (x: Expr) => string)(e);
}

const MAX_LINE = 100;
const indent = (n: number) => '  '.repeat(n);

/** Prometheus's prettifier (`format_query`): nodes longer than 100 characters split, children indented. */
export function prettyExpr(e: Expr, level = 0): string {
  const flat = formatExpr(e);
  const split = flat.length > MAX_LINE;
  switch (e.kind) {
    case 'aggregate':
      if (!split) return indent(level) + flat;
      return `${indent(level)}${aggOp(e)}(\n${e.param ? `${prettyExpr(e.param, level + 1)},\n` : ''}${prettyExpr(e.expr, level + 1)}\n${indent(level)})`;
    case 'binary':
      if (!split) return indent(level) + flat;
      return `${prettyExpr(e.lhs, level + 1)}\n${indent(level)}${e.op}${e.returnBool ? ' bool' : ''}${matchingText(e)}\n${prettyExpr(e.rhs, level + 1)}`;
    case 'call':
      if (!split) return indent(level) + flat;
      return `${indent(level)}${e.func}(\n${e.args.map((a) => prettyExpr(a, level + 1)).join(',\n')}\n${indent(level)})`;
    case 'paren':
      if (!split) return indent(level) + flat;
      return `${indent(level)}(\n${prettyExpr(e.expr, level + 1)}\n${indent(level)})`;
    case 'subquery':
      if (!split) return flat;
      return `${prettyExpr(e.expr, level)}${subquerySuffix(e)}`;
    case 'unary':
      return `${indent(level)}${e.op}${prettyExpr(e.expr, level).trim()}`;
    default:
      return indent(level) + flat;
  }
}
