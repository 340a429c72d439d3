import { isFloatType, isIntegerType, Timestamp, timeUnitOf, toJsonText, type ColumnType, type Value } from '@sluice/pipeline-core';
import { normalizeValue, MISMATCH, type Predicate, type TableState } from '@sluice/storage';
import { str } from '../sql/quote.js';
import { floatText } from '../write/encode-value.js';
import { fulltextSql } from './fulltext-sql.js';

/**
 * A predicate as a ClickHouse condition over `ref` (the column's expression). Predicates were already
 * validated by compilePredicates (same messages as the embedded store), so operands fit their column.
 * NULL never matches a comparison, as in the embedded store.
 */
export function predicateSql(t: TableState, p: Predicate, ref: string): string {
  const col = t.byName.get(p.column)!;
  switch (p.op) {
    case 'is_null':
      return `isNull(${ref})`;
    case 'is_not_null':
      return `isNotNull(${ref})`;
    case 'regex':
    case 'not_regex': {
      // Anchored RE2, a missing value tested as '' (ClickHouse's match() is RE2 as well).
      const m = `match(ifNull(toString(${ref}), ''), ${str(`^(?:${p.value as string})$`)})`;
      return p.op === 'regex' ? m : `NOT ${m}`;
    }
    case 'matches':
      return fulltextSql(ref, p.value as string);
    case 'contains':
      return `position(${ref}, ${str(p.value as string)}) > 0`;
    case 'word':
    case 'term': {
      // A whole word / term between non-word characters (a term: between characters other than ASCII letters and digits) (RE2 in UTF-8 mode; 18.16 ignores a leading
      // `(?i)`, so case-insensitivity is a `(?i:...)` group). `word` operands are lowercase word characters.
      const quoted = (p.value as string).replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
      const edge = p.op === 'word' ? '[^\\pL\\pN_]' : '[^A-Za-z0-9]';
      const body = p.op === 'word' ? `(?i:${(p.value as string).toLowerCase()})` : quoted;
      return `match(${ref}, ${str(`(^|${edge})${body}($|${edge})`)})`;
    }
    case 'in':
    case 'not_in': {
      const values = (p.value as Value[]).filter((v) => v !== null);
      // ClickHouse's NaN equals nothing; the engine's NaN equals NaN (see nanComparison).
      const nan = isFloatType(col.type) && values.some(isNaNValue);
      const items = values.filter((v) => !isNaNValue(v)).map((v) => literal(col.type, v));
      const member = [...(items.length ? [`${ref} IN (${items.join(', ')})`] : []), ...(nan ? [`isNaN(${ref})`] : [])];
      if (p.op === 'in') return member.length === 0 ? '0' : `(${member.join(' OR ')})`;
      return member.length === 0 ? `isNotNull(${ref})` : `(isNotNull(${ref}) AND NOT (${member.join(' OR ')}))`;
    }
    default: {
      if (p.value === null || p.value === undefined) return '0';
      if (isFloatType(col.type)) return nanComparison(ref, p.op, p.value, literal(col.type, p.value));
      const op = p.op === '!=' ? '!=' : p.op;
      return `${ref} ${op} ${literal(col.type, p.value)}`;
    }
  }
}

const isNaNValue = (v: Value): boolean => typeof v === 'number' && Number.isNaN(v);

/**
 * A comparison on a float column with the engine's total order (GreptimeDB/DataFusion): NaN equals
 * NaN and is greater than every number. ClickHouse compares NaN as unordered (every comparison but
 * `!=` false), so NaN operands and the `>`/`>=` cases that a stored NaN satisfies are spelled out.
 */
function nanComparison(ref: string, op: string, v: Value, lit: string): string {
  if (isNaNValue(v)) {
    switch (op) {
      case '=':
      case '>=':
        return `isNaN(${ref})`;
      case '!=':
      case '<':
        return `(isNotNull(${ref}) AND NOT isNaN(${ref}))`;
      case '<=':
        return `isNotNull(${ref})`;
      default:
        return '0';
    }
  }
  if (op === '>' || op === '>=') return `(${ref} ${op} ${lit} OR isNaN(${ref}))`;
  if (op === '!=') return `(${ref} != ${lit})`;
  return `${ref} ${op} ${lit}`;
}

/** An operand as a SQL literal for a column of `type` (numbers compare across integer and float). */
export function literal(type: ColumnType, v: Value): string {
  const unit = timeUnitOf(type);
  if (unit !== undefined) {
    const n = v instanceof Timestamp ? v.in(unit) : normalizeValue(type, v);
    return String(n);
  }
  if ((isIntegerType(type) || isFloatType(type)) && (typeof v === 'number' || typeof v === 'bigint')) {
    return typeof v === 'number' ? (Number.isInteger(v) ? String(v) : floatText(v)) : String(v);
  }
  const n = normalizeValue(type, v);
  if (n === MISMATCH || n === null) return 'NULL';
  switch (type) {
    case 'boolean':
      return n ? '1' : '0';
    case 'binary':
      return str(Buffer.from(n as Uint8Array).toString('hex'));
    case 'json':
      return str(toJsonText(n));
    case 'string':
      return str(n as string);
    default:
      return typeof n === 'number' ? floatText(n) : String(n);
  }
}

/** The predicates for compilePredicates to validate: a full-text one as its column test (its query is parsed when turned into SQL). */
export function checkable(ps: readonly Predicate[] | undefined): Predicate[] {
  return (ps ?? []).map((p) => (p.op === 'matches' ? { column: p.column, op: 'is_not_null' } : p));
}
