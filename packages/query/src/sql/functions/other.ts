import { arrowTypeName } from '../types/arrow-type.js';
import { constant, mapRows } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import { fulltextMatch } from '../expr/binary.js';
import { compareValues } from '../types/compare.js';
import type { SqlType } from '../types/sql-value.js';
import type { ScalarFunction } from './function.js';

/** What `version()` reports (MySQL-protocol clients parse the leading version number). */
const SERVER_VERSION = '8.4.2-sluice-0.1.0';

function firstType(types: readonly SqlType[]): SqlType {
  return types.find((t) => t !== 'null') ?? 'null';
}

const coalesce: ScalarFunction = {
  name: 'coalesce', signature: 'coalesce(x, ...)', minArgs: 1, maxArgs: Infinity,
  bind: (args) => {
    const type = firstType(args.map((a) => a.type));
    const cast = args.map((a) => (a.type === type || a.type === 'null' || type === 'null' || type === 'interval' ? a : castTo(a, type)));
    return mapRows(type, cast, (...v) => v.find((x) => x !== null) ?? null, true);
  },
};

const nullif: ScalarFunction = {
  name: 'nullif', signature: 'nullif(a, b)', minArgs: 2, maxArgs: 2,
  bind: ([a, b]) => mapRows(a!.type, [a!, b!], (x, y) => (x !== null && y !== null && compareValues(x, y) === 0 ? null : x), true),
};

function extreme(name: string, sign: number): ScalarFunction {
  return {
    name, signature: `${name}(x, ...)`, minArgs: 1, maxArgs: Infinity,
    bind: (args) => mapRows(firstType(args.map((a) => a.type)), args, (...v) => {
      let best = null as (typeof v)[number];
      for (const x of v) if (x !== null && (best === null || sign * compareValues(x, best) > 0)) best = x;
      return best;
    }, true),
  };
}

const matches: ScalarFunction = {
  name: 'matches', signature: "matches(column, 'query')", minArgs: 2, maxArgs: 2,
  bind: ([text, q]) => fulltextMatch(castTo(text!, 'string'), q!, 'matches'),
};

export const OTHER_FUNCTIONS: readonly ScalarFunction[] = [
  coalesce,
  { ...coalesce, name: 'ifnull', signature: 'ifnull(x, y)', maxArgs: 2 },
  nullif,
  extreme('greatest', 1),
  extreme('least', -1),
  matches,
  {
    name: 'matches_term', signature: "matches_term(column, 'term')", minArgs: 2, maxArgs: 2,
    bind: ([text, q]) => fulltextMatch(castTo(text!, 'string'), q!, 'matches_term'),
  },
  {
    name: 'database', signature: 'database()', minArgs: 0, maxArgs: 0,
    bind: (_args, ctx) => constant(ctx.db ?? 'public', 'string'),
  },
  {
    name: 'current_schema', signature: 'current_schema()', minArgs: 0, maxArgs: 0,
    bind: (_args, ctx) => constant(ctx.db ?? 'public', 'string'),
  },
  {
    name: 'version', signature: 'version()', minArgs: 0, maxArgs: 0,
    bind: () => constant(SERVER_VERSION, 'string'),
  },
  {
    name: 'arrow_typeof', signature: 'arrow_typeof(x)', minArgs: 1, maxArgs: 1,
    bind: ([x]) => constant(arrowTypeName(x!.type), 'string'),
  },
];
