import { mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { SqlType } from '../types/sql-value.js';
import type { ScalarFunction } from './function.js';

/** The common type of branches: the first non-null one; numeric branches widen to Float64 when mixed. */
function common(args: readonly Compiled[]): [SqlType, Compiled[]] {
  const types = args.map((a) => a.type).filter((t) => t !== 'null');
  let t: SqlType = types[0] ?? 'null';
  if (types.some((x) => x === 'float64' || x === 'float32') && types.every((x) => /^(u?int|float)/.test(x))) t = 'float64';
  return [t, args.map((a) => (a.type === t || a.type === 'null' || t === 'interval' ? a : castTo(a, t as never)))];
}

const ifFn: ScalarFunction = {
  name: 'if', signature: 'if(condition, then, else)', minArgs: 3, maxArgs: 3,
  bind: ([c, a, b]) => {
    const [t, [x, y]] = common([a!, b!]);
    return mapRows(t, [castTo(c!, 'boolean'), x!, y!], (cond, p, q) => (cond === true ? p : q), true);
  },
};

const nvl2: ScalarFunction = {
  name: 'nvl2', signature: 'nvl2(x, if_not_null, if_null)', minArgs: 3, maxArgs: 3,
  bind: ([c, a, b]) => {
    const [t, [x, y]] = common([a!, b!]);
    return mapRows(t, [c!, x!, y!], (v, p, q) => (v !== null ? p : q), true);
  },
};

const nvl: ScalarFunction = {
  name: 'nvl', signature: 'nvl(x, y)', minArgs: 2, maxArgs: 2,
  bind: (args) => {
    const [t, [x, y]] = common(args);
    return mapRows(t, [x!, y!], (v, w) => v ?? w, true);
  },
};

export const CONDITIONAL_FUNCTIONS: readonly ScalarFunction[] = [
  ifFn,
  nvl,
  nvl2,
  { name: 'isnull', signature: 'isnull(x)', minArgs: 1, maxArgs: 1, bind: ([x]) => mapRows('boolean', [x!], (v) => v === null, true) },
  { name: 'isnotnull', signature: 'isnotnull(x)', minArgs: 1, maxArgs: 1, bind: ([x]) => mapRows('boolean', [x!], (v) => v !== null, true) },
];
