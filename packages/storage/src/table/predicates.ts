import { isFloatType, isIntegerType, Timestamp, timeUnitOf, type Value } from '@sluice/pipeline-core';
import type { TableState } from '../catalog/table-state.js';
import { ColumnNotFoundError, InvalidRequestError } from '../errors.js';
import { MISMATCH, describeValue, displayType, normalizeValue } from '../schema/normalize-value.js';
import type { ColumnDef, Predicate, PredicateOp } from '../store.js';
import { compareValues } from './compare.js';
import { RE2JS } from 're2js';
import { normalizeWord, textTest, type TextOp } from '../codec/text-search.js';
import { indexProbe, type IndexProbe } from '../codec/text-index.js';

/** A non-string value as the text a regex sees. */
function valueText(v: Value): string {
  return typeof v === 'object' && !(v instanceof Timestamp) ? JSON.stringify(v) : String(v);
}

export type ValueTest = (v: Value) => boolean;

/** Predicates compiled for one scan: a time range for the key range, and exact tests by column kind. */
export interface CompiledPredicates {
  /** Inclusive lower and exclusive upper time bound in the column's unit. */
  lo: bigint | undefined;
  hi: bigint | undefined;
  readonly timeTests: ValueTest[];
  readonly tagTests: { slot: number; test: ValueTest }[];
  /**
   * Text predicates (`contains`, `word`, `term`) also carry their operand, which chunks test on their
   * full-text index (`probe`, compiled once) or on their bytes (ChunkView.textMask).
   */
  readonly fieldTests: { slot: number; test: ValueTest; text?: { op: TextOp; operand: string; probe: IndexProbe } }[];
}

const OPS: readonly PredicateOp[] = ['=', '!=', '<', '<=', '>', '>=', 'in', 'not_in', 'is_null', 'is_not_null', 'contains', 'word', 'term', 'regex', 'not_regex'];
const MAX_PATTERN = 4096;

export function compilePredicates(t: TableState, preds: readonly Predicate[]): CompiledPredicates {
  const out: CompiledPredicates = { lo: undefined, hi: undefined, timeTests: [], tagTests: [], fieldTests: [] };
  for (const p of preds) {
    const col = t.byName.get(p.column);
    if (!col) throw new ColumnNotFoundError(`${t.record.db}.${t.record.name}`, p.column);
    if (!OPS.includes(p.op)) throw new InvalidRequestError(`predicate on '${p.column}': unknown operator '${String(p.op)}' (known: ${OPS.join(', ')})`);
    if (col.name === t.info.timeIndex && narrowTime(out, p, col)) continue;
    const test = compileTest(col, p);
    if (col.name === t.info.timeIndex) out.timeTests.push(test);
    else if (t.tagSlot.has(col.name)) out.tagTests.push({ slot: t.tagSlot.get(col.name)!, test });
    else {
      const operand = col.type === 'string' && isTextOp(p.op) ? textOperand(p) : undefined;
      const text = operand !== undefined ? { op: p.op as TextOp, operand, probe: indexProbe(p.op as TextOp, operand) } : undefined;
      out.fieldTests.push({ slot: t.fieldSlot.get(col.name)!, test, ...(text ? { text } : {}) });
    }
  }
  return out;
}

function narrowTime(out: CompiledPredicates, p: Predicate, col: ColumnDef): boolean {
  if (!['=', '<', '<=', '>', '>='].includes(p.op)) return false;
  const v = operand(col, p.value ?? null, p);
  if (typeof v !== 'bigint') return false;
  const raise = (lo: bigint) => (out.lo = out.lo === undefined || lo > out.lo ? lo : out.lo);
  const lower = (hi: bigint) => (out.hi = out.hi === undefined || hi < out.hi ? hi : out.hi);
  if (p.op === '=' || p.op === '>=') raise(v);
  if (p.op === '>') raise(v + 1n);
  if (p.op === '=' || p.op === '<=') lower(v + 1n);
  if (p.op === '<') lower(v);
  return true;
}

function compileTest(col: ColumnDef, p: Predicate): ValueTest {
  switch (p.op) {
    case 'is_null':
      return (v) => v === null;
    case 'is_not_null':
      return (v) => v !== null;
    case 'contains':
    case 'word':
    case 'term': {
      const test = textTest(p.op, textOperand(p));
      return (v) => typeof v === 'string' && test(v);
    }
    case 'matches':
      throw new InvalidRequestError(`predicate '${p.column} matches' is not supported by this store (it does not set pushdownMatches)`);
    case 'regex':
    case 'not_regex': {
      if (typeof p.value !== 'string') throw new InvalidRequestError(`predicate '${p.column} ${p.op}' needs a string pattern`);
      if (p.value.length > MAX_PATTERN) throw new InvalidRequestError(`predicate '${p.column} ${p.op}': pattern longer than ${MAX_PATTERN} characters`);
      let re: RE2JS;
      try {
        re = RE2JS.compile(`^(?:${p.value})$`);
      } catch (e) {
        throw new InvalidRequestError(`predicate '${p.column} ${p.op}': invalid regular expression ${JSON.stringify(p.value)}: ${(e as Error).message}`);
      }
      const want = p.op === 'regex';
      return (v) => re.matches(v === null ? '' : typeof v === 'string' ? v : valueText(v)) === want;
    }
    case 'in':
    case 'not_in': {
      if (!Array.isArray(p.value)) throw new InvalidRequestError(`predicate '${p.column} ${p.op}' needs an array value`);
      const set = p.value.map((x) => operand(col, x, p)).filter((x) => x !== null);
      const member = (v: Value) => set.some((x) => compareValues(v, x) === 0);
      return p.op === 'in' ? (v) => v !== null && member(v) : (v) => v !== null && !member(v);
    }
    default: {
      const x = operand(col, p.value ?? null, p);
      if (x === null) return () => false;
      const op = p.op;
      return (v) => {
        if (v === null) return false;
        const c = compareValues(v, x);
        if (Number.isNaN(c)) return op === '!=';
        return op === '=' ? c === 0 : op === '!=' ? c !== 0 : op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
      };
    }
  }
}

const isTextOp = (op: PredicateOp): op is TextOp => op === 'contains' || op === 'word' || op === 'term';

/** The operand of a text predicate, validated: a string; `term` non-empty; `word` one word (lowercased). */
function textOperand(p: Predicate): string {
  if (typeof p.value !== 'string') throw new InvalidRequestError(`predicate '${p.column} ${p.op}' needs a string value`);
  if (p.op === 'term' && p.value === '') throw new InvalidRequestError(`predicate '${p.column} term': the term is empty`);
  if (p.op !== 'word') return p.value;
  const w = normalizeWord(p.value);
  if (w === undefined) throw new InvalidRequestError(`predicate '${p.column} word': ${JSON.stringify(p.value)} is not one word (letters, digits and _)`);
  return w;
}

/** A predicate operand in the column's stored form (numbers compare across integer/float). */
function operand(col: ColumnDef, v: Value, p: Predicate): Value {
  if (v === null) return null;
  if ((isIntegerType(col.type) || isFloatType(col.type)) && (typeof v === 'number' || typeof v === 'bigint')) return v;
  const unit = timeUnitOf(col.type);
  if (unit !== undefined && v instanceof Timestamp) return v.in(unit);
  const n = normalizeValue(col.type, v);
  if (n === MISMATCH) {
    throw new InvalidRequestError(`predicate '${p.column} ${p.op}': cannot compare column of type ${displayType(col.type)} with ${describeValue(v)}`);
  }
  return n;
}
