import type { BinaryOp } from '../ast.js';

/** Go's math.Pow where it differs from `**` (1^NaN, (-1)^±Inf). */
function goPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (x === -1 && !Number.isFinite(y) && !Number.isNaN(y)) return 1;
  return x ** y;
}

/** One binary operation on two floats: [value, keep]. Comparisons keep the left value when true. */
export function applyOp(op: BinaryOp, l: number, r: number): [number, boolean] {
  switch (op) {
    case '+': return [l + r, true];
    case '-': return [l - r, true];
    case '*': return [l * r, true];
    case '/': return [l / r, true];
    case '%': return [l % r, true];
    case '^': return [goPow(l, r), true];
    case 'atan2': return [Math.atan2(l, r), true];
    case '==': return [l, l === r];
    case '!=': return [l, l !== r];
    case '>': return [l, l > r];
    case '<': return [l, l < r];
    case '>=': return [l, l >= r];
    case '<=': return [l, l <= r];
    default: throw new Error(`not a value operator: ${op}`);
  }
}

/** The arithmetic of an operator (undefined for comparisons): one function, chosen once per node, not a switch per sample. */
export function arithmeticFn(op: BinaryOp): ((l: number, r: number) => number) | undefined {
  switch (op) {
    case '+': return (l, r) => l + r;
    case '-': return (l, r) => l - r;
    case '*': return (l, r) => l * r;
    case '/': return (l, r) => l / r;
    case '%': return (l, r) => l % r;
    case '^': return goPow;
    case 'atan2': return Math.atan2;
    default: return undefined;
  }
}

/** The test of a comparison operator (undefined for arithmetic). */
export function comparisonFn(op: BinaryOp): ((l: number, r: number) => boolean) | undefined {
  switch (op) {
    case '==': return (l, r) => l === r;
    case '!=': return (l, r) => l !== r;
    case '>': return (l, r) => l > r;
    case '<': return (l, r) => l < r;
    case '>=': return (l, r) => l >= r;
    case '<=': return (l, r) => l <= r;
    default: return undefined;
  }
}

const DROPS_NAME: ReadonlySet<BinaryOp> = new Set(['+', '-', '*', '/', '^', '%']);

/** Arithmetic (not atan2, as in Prometheus 2) drops the metric name; comparisons keep it unless `bool`. */
export function dropsMetricName(op: BinaryOp): boolean {
  return DROPS_NAME.has(op);
}
