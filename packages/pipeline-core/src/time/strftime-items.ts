import { TimeFormatError } from './errors.js';

/**
 * The one tokenizer of strftime format strings (chrono's `StrftimeItems`), shared by the parser
 * (strptime.ts) and the formatter (strftime.ts).
 */
export type NumField =
  | 'year' | 'yearDiv100' | 'yearMod100' | 'isoYear' | 'isoYearMod100'
  | 'month' | 'day' | 'weekFromSun' | 'weekFromMon' | 'isoWeek' | 'numDaysFromSun' | 'weekdayFromMon' | 'ordinal'
  | 'hour' | 'hour12' | 'minute' | 'second' | 'nanosecond' | 'timestamp';

export type Pad = 'zero' | 'space' | 'none';

export type FixedKind =
  | 'monShort' | 'monLong' | 'wdShort' | 'wdLong' | 'ampmLower' | 'ampmUpper'
  | 'dotFrac' | 'dotFrac3' | 'dotFrac6' | 'dotFrac9' | 'frac3' | 'frac6' | 'frac9'
  | 'tzName' | 'offset' | 'offsetColon' | 'offsetDoubleColon' | 'offsetTripleColon' | 'offsetPermissive' | 'rfc3339';

export type Item =
  | { readonly t: 'lit'; readonly text: string }
  | { readonly t: 'space'; readonly text: string }
  | { readonly t: 'num'; readonly field: NumField; readonly pad: Pad }
  | { readonly t: 'fixed'; readonly kind: FixedKind };

/** Default padding of each numeric field (`%e`, `%k`, `%l` pad with spaces; the rest with zeros). */
const NUM_SPEC: Record<string, [NumField, Pad]> = {
  Y: ['year', 'zero'], C: ['yearDiv100', 'zero'], y: ['yearMod100', 'zero'], G: ['isoYear', 'zero'], g: ['isoYearMod100', 'zero'],
  m: ['month', 'zero'], d: ['day', 'zero'], e: ['day', 'space'], w: ['numDaysFromSun', 'zero'], u: ['weekdayFromMon', 'zero'],
  U: ['weekFromSun', 'zero'], W: ['weekFromMon', 'zero'], V: ['isoWeek', 'zero'], j: ['ordinal', 'zero'],
  H: ['hour', 'zero'], k: ['hour', 'space'], I: ['hour12', 'zero'], l: ['hour12', 'space'],
  M: ['minute', 'zero'], S: ['second', 'zero'], f: ['nanosecond', 'zero'], s: ['timestamp', 'none'],
};

const FIXED_SPEC: Record<string, FixedKind> = {
  b: 'monShort', h: 'monShort', B: 'monLong', a: 'wdShort', A: 'wdLong', P: 'ampmLower', p: 'ampmUpper',
  Z: 'tzName', z: 'offset', '+': 'rfc3339',
};

/** Composite specifiers, expanded to their definition. */
const COMPOSITE: Record<string, string> = {
  D: '%m/%d/%y', x: '%m/%d/%y', F: '%Y-%m-%d', v: '%e-%b-%Y', R: '%H:%M', T: '%H:%M:%S', X: '%H:%M:%S',
  r: '%I:%M:%S %p', c: '%a %b %e %H:%M:%S %Y',
};

function isSpace(c: string): boolean {
  return /\s/.test(c);
}

export function tokenizeStrftime(format: string): Item[] {
  const items: Item[] = [];
  const bad = (reason: string): never => {
    throw new TimeFormatError(format, reason);
  };
  let i = 0;
  while (i < format.length) {
    const c = format[i]!;
    if (c !== '%') {
      let j = i;
      const space = isSpace(c);
      while (j < format.length && format[j] !== '%' && isSpace(format[j]!) === space) j++;
      items.push(space ? { t: 'space', text: format.slice(i, j) } : { t: 'lit', text: format.slice(i, j) });
      i = j;
      continue;
    }
    const start = i;
    i++;
    let pad: Pad | undefined;
    const p = format[i];
    if (p === '-' || p === '0' || p === '_') {
      pad = p === '-' ? 'none' : p === '0' ? 'zero' : 'space';
      i++;
    }
    const s = format[i];
    if (s === undefined) bad(`'${format.slice(start)}' at the end is incomplete`);
    i++;
    const num = NUM_SPEC[s!];
    if (num) {
      items.push({ t: 'num', field: num[0], pad: pad ?? num[1] });
      continue;
    }
    if (pad !== undefined) bad(`padding modifier in '${format.slice(start, i)}' applies only to numeric specifiers`);
    if (FIXED_SPEC[s!]) {
      items.push({ t: 'fixed', kind: FIXED_SPEC[s!]! });
    } else if (COMPOSITE[s!]) {
      items.push(...tokenizeStrftime(COMPOSITE[s!]!));
    } else if (s === '%') {
      items.push({ t: 'lit', text: '%' });
    } else if (s === 't' || s === 'n') {
      items.push({ t: 'space', text: s === 't' ? '\t' : '\n' });
    } else if (s === '.') {
      const rest = format.slice(i, i + 2);
      if (format[i] === 'f') {
        items.push({ t: 'fixed', kind: 'dotFrac' });
        i += 1;
      } else if (rest === '3f' || rest === '6f' || rest === '9f') {
        items.push({ t: 'fixed', kind: rest === '3f' ? 'dotFrac3' : rest === '6f' ? 'dotFrac6' : 'dotFrac9' });
        i += 2;
      } else bad(`unknown specifier '%.${rest}' (use %.f, %.3f, %.6f or %.9f)`);
    } else if (s === '3' || s === '6' || s === '9') {
      if (format[i] !== 'f') bad(`unknown specifier '%${s}${format[i] ?? ''}' (use %${s}f)`);
      items.push({ t: 'fixed', kind: s === '3' ? 'frac3' : s === '6' ? 'frac6' : 'frac9' });
      i += 1;
    } else if (s === ':') {
      let colons = 1;
      while (format[i] === ':') {
        colons++;
        i++;
      }
      if (format[i] !== 'z' || colons > 3) bad(`unknown specifier '${format.slice(start, i + 1)}' (use %:z, %::z or %:::z)`);
      i++;
      items.push({ t: 'fixed', kind: colons === 1 ? 'offsetColon' : colons === 2 ? 'offsetDoubleColon' : 'offsetTripleColon' });
    } else if (s === '#') {
      if (format[i] !== 'z') bad(`unknown specifier '%#${format[i] ?? ''}' (use %#z)`);
      i++;
      items.push({ t: 'fixed', kind: 'offsetPermissive' });
    } else {
      bad(`unknown specifier '%${s}'`);
    }
  }
  return items;
}
