import { checkValueSize } from './limits.js';
import { Timestamp } from '../value/timestamp.js';
import { vrlEquals } from './equality.js';
import { K, describeValue, isObject, type Kinds } from './kinds.js';
import type { BinaryOp } from './precedence.js';
import { VrlFailure } from './signals.js';
import type { VrlValue } from './value.js';

// Runtime semantics of VRL's operators. Integers are i64: JS numbers while safe, bigints beyond,
// wrapping on overflow as VRL does.

type Num = number | bigint;

const isInt = (v: VrlValue): v is Num => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
const isNum = (v: VrlValue): v is Num => typeof v === 'number' || typeof v === 'bigint';

/** An exact integer result back to the shared representation (number while safe), wrapped to i64. */
function fromBig(b: bigint): Num {
  const w = BigInt.asIntN(64, b);
  const n = Number(w);
  return Number.isSafeInteger(n) ? n : w;
}

function intOp(a: Num, b: Num, fast: (x: number, y: number) => number, big: (x: bigint, y: bigint) => bigint): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = fast(a, b);
    if (Number.isSafeInteger(r)) return r;
  }
  return fromBig(big(BigInt(a), BigInt(b)));
}

function fail(verb: string, a: VrlValue, b: VrlValue): never {
  throw new VrlFailure(`can't ${verb} type ${describeValue(b)} ${verb === 'add' ? 'to' : verb === 'subtract' ? 'from' : 'by'} ${describeValue(a)}`);
}

export function add(a: VrlValue, b: VrlValue): VrlValue {
  if (typeof a === 'string') {
    if (typeof b === 'string') return a + b;
    if (b === null) return a;
  } else if (a === null && typeof b === 'string') return b;
  if (isNum(a) && isNum(b)) {
    if (isInt(a) && isInt(b)) return intOp(a, b, (x, y) => x + y, (x, y) => x + y);
    return Number(a) + Number(b);
  }
  return fail('add', a, b);
}

export function sub(a: VrlValue, b: VrlValue): VrlValue {
  if (isNum(a) && isNum(b)) {
    if (isInt(a) && isInt(b)) return intOp(a, b, (x, y) => x - y, (x, y) => x - y);
    return Number(a) - Number(b);
  }
  return fail('subtract', a, b);
}

export function mul(a: VrlValue, b: VrlValue): VrlValue {
  if (isNum(a) && isNum(b)) {
    if (isInt(a) && isInt(b)) return intOp(a, b, (x, y) => x * y, (x, y) => x * y);
    return Number(a) * Number(b);
  }
  if (typeof a === 'string' && isInt(b)) return repeat(a, b);
  if (isInt(a) && typeof b === 'string') return repeat(b, a);
  return fail('multiply', a, b);
}

/** `"ab" * 3`; a result over the run's max value size is a handled failure (`?? "x"`), before it is built. */
function repeat(text: string, times: Num, max?: number): string {
  const n = Math.max(0, Number(times));
  try {
    checkValueSize(`"…" * ${n}`, text.length * n, max);
  } catch (e) {
    throw new VrlFailure((e as Error).message);
  }
  return text.repeat(n);
}

/** `*` with the run's value-size limit (the compiler uses it in place of `mul`). */
export function mulWithin(a: VrlValue, b: VrlValue, max: number | undefined): VrlValue {
  if (typeof a === 'string' && isInt(b)) return repeat(a, b, max);
  if (isInt(a) && typeof b === 'string') return repeat(b, a, max);
  return mul(a, b);
}

export function div(a: VrlValue, b: VrlValue): VrlValue {
  if (isNum(a) && isNum(b)) {
    if (Number(b) === 0) throw new VrlFailure("can't divide by zero");
    return Number(a) / Number(b);
  }
  return fail('divide', a, b);
}

export function rem(a: VrlValue, b: VrlValue): VrlValue {
  if (isNum(a) && isNum(b)) {
    if (Number(b) === 0) throw new VrlFailure("can't calculate remainder of zero");
    if (isInt(a) && isInt(b)) return typeof a === 'number' && typeof b === 'number' ? a % b : fromBig(BigInt(a) % BigInt(b));
    return Number(a) % Number(b);
  }
  throw new VrlFailure(`can't calculate remainder of type ${describeValue(a)} and ${describeValue(b)}`);
}

/** `<`, `<=`, `>`, `>=` on numbers, strings and timestamps; -1/0/1. */
function compare(op: string, a: VrlValue, b: VrlValue): number {
  if (isNum(a) && isNum(b)) return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Timestamp && b instanceof Timestamp) return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  throw new VrlFailure(`can't compare ${describeValue(a)} ${op} ${describeValue(b)}`);
}

export const lt = (a: VrlValue, b: VrlValue): boolean => compare('<', a, b) < 0;
export const le = (a: VrlValue, b: VrlValue): boolean => compare('<=', a, b) <= 0;
export const gt = (a: VrlValue, b: VrlValue): boolean => compare('>', a, b) > 0;
export const ge = (a: VrlValue, b: VrlValue): boolean => compare('>=', a, b) >= 0;

/** `|`: a shallow merge of two objects, the right side winning. */
export function merge(a: VrlValue, b: VrlValue): VrlValue {
  if (!isObject(a) || !isObject(b)) throw new VrlFailure(`can't merge type ${describeValue(b)} into ${describeValue(a)}`);
  return Object.assign({}, a, b);
}

export function not(a: VrlValue): boolean {
  if (typeof a !== 'boolean') throw new VrlFailure(`can't negate type ${describeValue(a)}`);
  return !a;
}

export function negate(a: VrlValue): VrlValue {
  if (!isNum(a)) throw new VrlFailure(`can't negate type ${describeValue(a)}`);
  return isInt(a) ? (typeof a === 'number' && a !== 0 ? -a : fromBig(-BigInt(a))) : -a;
}

/** The `&&` truth of a boolean-or-null operand. */
export function truth(v: VrlValue, side: string): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  throw new VrlFailure(`can't apply an AND to type ${describeValue(v)} on the ${side}-hand side`);
}

/** Operators whose runtime is a plain `(a, b) => value` (everything but `??`, `||`, `&&`). */
export const BINARY: Partial<Record<BinaryOp, (a: VrlValue, b: VrlValue) => VrlValue>> = {
  '+': add,
  '-': sub,
  '*': mul,
  '/': div,
  '%': rem,
  '<': lt,
  '<=': le,
  '>': gt,
  '>=': ge,
  '==': vrlEquals,
  '!=': (a, b) => !vrlEquals(a, b),
  '|': merge,
};

const NUMERIC = K.integer | K.float;

/**
 * The static result of `l op r` for single operand kinds: the result kinds, or 0 when the
 * combination fails at run time (which makes the expression fallible).
 */
export function binaryResult(op: BinaryOp, l: Kinds, r: Kinds): Kinds {
  const num = (l & NUMERIC) !== 0 && (r & NUMERIC) !== 0;
  switch (op) {
    case '+':
      if (num) return l === K.integer && r === K.integer ? K.integer : K.float;
      if ((l === K.bytes && (r === K.bytes || r === K.null)) || (l === K.null && r === K.bytes)) return K.bytes;
      return 0;
    case '-':
      return num ? (l === K.integer && r === K.integer ? K.integer : K.float) : 0;
    case '*':
      if (num) return l === K.integer && r === K.integer ? K.integer : K.float;
      return (l === K.bytes && r === K.integer) || (l === K.integer && r === K.bytes) ? K.bytes : 0;
    case '/':
      return num ? K.float : 0;
    case '%':
      return num ? (l === K.integer && r === K.integer ? K.integer : K.float) : 0;
    case '<':
    case '<=':
    case '>':
    case '>=':
      return num || (l === r && (l === K.bytes || l === K.timestamp)) ? K.boolean : 0;
    case '==':
    case '!=':
      return K.boolean;
    case '|':
      return l === K.object && r === K.object ? K.object : 0;
    case '&&':
      return (l === K.boolean || l === K.null) && (r === K.boolean || r === K.null) ? K.boolean : 0;
    case '||':
    case '??':
      return l | r;
  }
}
