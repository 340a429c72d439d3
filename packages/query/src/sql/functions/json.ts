import { isValueMap, stringifyExact, toPlain, type Value } from '@sluice/pipeline-core';
import { mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';
import { argError, constString, type ScalarFunction } from './function.js';

type Step = string | number;

/** `a.b[0].c`, `$.a.b`, `$['a b']` → steps. Parsed once per query. */
export function parseJsonPath(fn: string, path: string): Step[] {
  const steps: Step[] = [];
  const re = /\s*(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[\s*'((?:[^']|'')*)'\s*\]|\[\s*"([^"]*)"\s*\])/y;
  let pos = path.startsWith('$') ? 1 : 0;
  while (pos < path.length) {
    re.lastIndex = pos;
    const m = re.exec(path);
    if (!m) throw argError(fn, `invalid JSON path '${path}' at position ${pos}`);
    steps.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (m[3]?.replace(/''/g, "'") ?? m[4]!)));
    pos = re.lastIndex;
  }
  return steps;
}

function walk(v: Value, steps: readonly Step[]): Value | undefined {
  let cur: Value | undefined = v;
  for (const s of steps) {
    if (typeof s === 'number') cur = Array.isArray(cur) ? cur[s] : undefined;
    else cur = isValueMap(cur ?? null) ? (cur as Record<string, Value>)[s] : undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** JSON arguments may be json columns or JSON text. */
function jsonArg(c: Compiled): Compiled {
  return c.type === 'string' ? castTo(c, 'json') : c;
}

function getter(name: string, type: SqlType, convert: (v: Value) => SqlValue): ScalarFunction {
  return {
    name, signature: `${name}(json, 'path')`, minArgs: 2, maxArgs: 2,
    bind: ([j, p]) => {
      const steps = parseJsonPath(name, constString(name, p!, 'path'));
      return mapRows(type, [jsonArg(j!)], (v) => {
        const x = walk(v as Value, steps);
        return x === undefined || x === null ? null : convert(x);
      });
    },
  };
}

const num = (v: Value): SqlValue => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

export const JSON_FUNCTIONS: readonly ScalarFunction[] = [
  getter('json_get_string', 'string', (v) => (typeof v === 'string' ? v : stringifyExact(toPlain(v)))),
  getter('json_get_int', 'int64', (v) => {
    const n = typeof v === 'bigint' ? v : num(v);
    return typeof n === 'number' ? (Number.isInteger(n) ? n : Math.trunc(n)) : n;
  }),
  getter('json_get_float', 'float64', num),
  getter('json_get_bool', 'boolean', (v) => (typeof v === 'boolean' ? v : null)),
  getter('json_get', 'json', (v) => v),
  {
    name: 'json_path_exists', signature: "json_path_exists(json, 'path')", minArgs: 2, maxArgs: 2,
    bind: ([j, p]) => {
      const steps = parseJsonPath('json_path_exists', constString('json_path_exists', p!, 'path'));
      return mapRows('boolean', [jsonArg(j!)], (v) => walk(v as Value, steps) !== undefined);
    },
  },
  {
    name: 'json_to_string', signature: 'json_to_string(json)', minArgs: 1, maxArgs: 1,
    bind: ([j]) => mapRows('string', [jsonArg(j!)], (v) => stringifyExact(toPlain(v as Value))),
  },
  {
    name: 'parse_json', signature: 'parse_json(text)', minArgs: 1, maxArgs: 1,
    bind: ([t]) => {
      if (t!.type !== 'string' && t!.type !== 'null') throw argError('parse_json', `argument must be text, got ${t!.type}`);
      return castTo(t!, 'json');
    },
  },
];
