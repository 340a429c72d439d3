import { Timestamp } from '../../../value/timestamp.js';
import { VrlRegex, type VrlValue } from '../../value.js';
import { VrlFunctionError, type VrlArgs } from '../function.js';
import { utf8Decode } from './utf8.js';
import { describeKind, isInteger, isObject, type VrlObject } from './kind.js';

/** Typed argument readers. A wrong kind is a VrlFunctionError worded as VRL words it. */
export function expected(what: string, v: VrlValue): VrlFunctionError {
  return new VrlFunctionError(`expected ${what}, got ${describeKind(v)}`);
}

function need(args: VrlArgs, name: string): VrlValue {
  const v = args[name];
  if (v === undefined) throw new VrlFunctionError(`missing argument '${name}'`);
  return v;
}

export function str(args: VrlArgs, name: string): string {
  const v = need(args, name);
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return utf8Decode(v);
  throw expected('string', v);
}

export function optStr(args: VrlArgs, name: string): string | undefined {
  return args[name] === undefined || args[name] === null ? undefined : str(args, name);
}

export function bool(args: VrlArgs, name: string, dflt: boolean): boolean {
  const v = args[name];
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'boolean') return v;
  throw expected('boolean', v);
}

/** An integer argument as a JS number (bigints beyond 2^53 are clamped by Number()). */
export function int(args: VrlArgs, name: string): number {
  const v = need(args, name);
  if (isInteger(v)) return Number(v);
  throw expected('integer', v);
}

export function optInt(args: VrlArgs, name: string): number | undefined {
  return args[name] === undefined || args[name] === null ? undefined : int(args, name);
}

export function num(args: VrlArgs, name: string): number | bigint {
  const v = need(args, name);
  if (typeof v === 'number' || typeof v === 'bigint') return v;
  throw expected('integer or float', v);
}

export function arr(args: VrlArgs, name: string): VrlValue[] {
  const v = need(args, name);
  if (Array.isArray(v)) return v;
  throw expected('array', v);
}

export function obj(args: VrlArgs, name: string): VrlObject {
  const v = need(args, name);
  if (isObject(v)) return v;
  throw expected('object', v);
}

export function ts(args: VrlArgs, name: string): Timestamp {
  const v = need(args, name);
  if (v instanceof Timestamp) return v;
  throw expected('timestamp', v);
}

export function regex(args: VrlArgs, name: string): VrlRegex {
  const v = need(args, name);
  if (v instanceof VrlRegex) return v;
  throw expected('regex', v);
}

export function any(args: VrlArgs, name: string): VrlValue {
  return need(args, name);
}

/** A string argument restricted to a closed set of words (`unit: "seconds"`). */
export function oneOf<T extends string>(args: VrlArgs, name: string, allowed: readonly T[], dflt: T): T {
  const v = args[name];
  if (v === undefined || v === null) return dflt;
  const s = str(args, name);
  if ((allowed as readonly string[]).includes(s)) return s as T;
  throw new VrlFunctionError(`invalid ${name} '${s}': expected one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
}
