import type { Item, NumField } from './strftime-items.js';

/** Numeric field codes (index into NUM_FIELDS). */
export const NUM_FIELDS: readonly NumField[] = [
  'year', 'yearDiv100', 'yearMod100', 'isoYear', 'isoYearMod100', 'month', 'day', 'weekFromSun', 'weekFromMon', 'isoWeek',
  'numDaysFromSun', 'weekdayFromMon', 'ordinal', 'hour', 'hour12', 'minute', 'second', 'nanosecond', 'timestamp',
];
export const F = Object.fromEntries(NUM_FIELDS.map((f, i) => [f, i])) as Record<NumField, number>;

/** Opcodes of a compiled strptime format (numbers, so the scanner's switch stays monomorphic). */
export const OP = { LIT: 0, SPACE: 1, NUM: 2, DOT_FRAC: 3, FRAC: 4, NAME: 5, TZ_NAME: 6, OFFSET: 7, DATE_TIME_SEP: 8 } as const;

/** NAME kinds. */
export const NAME = { MON_SHORT: 0, MON_ANY: 1, WD_SHORT: 2, WD_ANY: 3, AMPM: 4 } as const;
/** OFFSET modes: strict `%z`, permissive `%#z` (Z, missing minutes), RFC 3339 (`%+`: Z or UTC). */
export const OFFSET_MODE = { STRICT: 0, PERMISSIVE: 1, RFC3339: 2 } as const;

export interface Op {
  readonly k: number;
  readonly text: string;
  /** NUM: max digits; FRAC: exact digits; OFFSET: mode. */
  readonly width: number;
  readonly signed: boolean;
  /** NUM: index in NUM_FIELDS; NAME: kind. */
  readonly field: number;
}

const WIDTH: Record<NumField, number> = {
  year: 4, yearDiv100: 2, yearMod100: 2, isoYear: 4, isoYearMod100: 2, month: 2, day: 2, weekFromSun: 2, weekFromMon: 2,
  isoWeek: 2, numDaysFromSun: 1, weekdayFromMon: 1, ordinal: 3, hour: 2, hour12: 2, minute: 2, second: 2, nanosecond: 9, timestamp: 18,
};

function op(k: number, fields: Partial<Op> = {}): Op {
  return { k, text: '', width: 0, signed: false, field: 0, ...fields };
}

function num(field: NumField): Op {
  return op(OP.NUM, { width: WIDTH[field], signed: field === 'year' || field === 'isoYear' || field === 'timestamp', field: NUM_FIELDS.indexOf(field) });
}

/** `%+` reads as chrono's relaxed RFC 3339: date, `T`/`t`/space, time, optional fraction, then Z, UTC or an offset. */
const RFC3339_OPS: readonly Op[] = [
  num('year'), op(OP.SPACE), op(OP.LIT, { text: '-' }), num('month'), op(OP.SPACE), op(OP.LIT, { text: '-' }), num('day'),
  op(OP.DATE_TIME_SEP),
  num('hour'), op(OP.SPACE), op(OP.LIT, { text: ':' }), num('minute'), op(OP.SPACE), op(OP.LIT, { text: ':' }), num('second'),
  op(OP.DOT_FRAC), op(OP.SPACE), op(OP.OFFSET, { width: OFFSET_MODE.RFC3339 }),
];

/** Digits the dot-less `%3f %6f %9f` require. */
const FRAC_WIDTH = { frac3: 3, frac6: 6, frac9: 9 } as const;

export function compileOps(items: readonly Item[]): Op[] {
  const ops: Op[] = [];
  for (const it of items) {
    switch (it.t) {
      case 'lit':
        ops.push(op(OP.LIT, { text: it.text }));
        break;
      case 'space':
        ops.push(op(OP.SPACE));
        break;
      case 'num':
        ops.push(num(it.field));
        break;
      case 'fixed':
        switch (it.kind) {
          case 'monShort': ops.push(op(OP.NAME, { field: NAME.MON_SHORT })); break;
          case 'monLong': ops.push(op(OP.NAME, { field: NAME.MON_ANY })); break;
          case 'wdShort': ops.push(op(OP.NAME, { field: NAME.WD_SHORT })); break;
          case 'wdLong': ops.push(op(OP.NAME, { field: NAME.WD_ANY })); break;
          case 'ampmLower':
          case 'ampmUpper': ops.push(op(OP.NAME, { field: NAME.AMPM })); break;
          // chrono parses `%.3f %.6f %.9f` exactly like `%.f`: its format/parse.rs matches all four
          // to `scan::nanosecond` (an optional '.', then any number of digits, the first nine kept).
          case 'dotFrac':
          case 'dotFrac3':
          case 'dotFrac6':
          case 'dotFrac9': ops.push(op(OP.DOT_FRAC)); break;
          case 'frac3':
          case 'frac6':
          case 'frac9': ops.push(op(OP.FRAC, { width: FRAC_WIDTH[it.kind] })); break;
          case 'tzName': ops.push(op(OP.TZ_NAME)); break;
          case 'offsetPermissive': ops.push(op(OP.OFFSET, { width: OFFSET_MODE.PERMISSIVE })); break;
          case 'offset':
          case 'offsetColon':
          case 'offsetDoubleColon':
          case 'offsetTripleColon': ops.push(op(OP.OFFSET, { width: OFFSET_MODE.STRICT })); break;
          case 'rfc3339': ops.push(...RFC3339_OPS); break;
        }
        break;
    }
  }
  return ops;
}
