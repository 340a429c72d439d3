import { isValueMap, stringifyExact, toPlain, type Value } from '@sluice/pipeline-core';
import { mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';
import { argError, builtValue, constString, type ScalarFunction } from './function.js';
import { SqlExecutionError } from '../errors.js';
import { isNumericType } from '../types/sql-value.js';
import { arrowTypeName } from '../types/arrow-type.js';
import { castJsonValue } from '../types/json-cast.js';
import type { CastTarget } from '../types/sql-value.js';

type Step = string | number;

/** `a.b[0].c`, `$.a.b`, `$['a b']` → steps. Parsed once per query. */
export function parseJsonPath(fn: string, path: string): Step[] {
  const steps: Step[] = [];
  // The root: '', '$', '.', '$.'.
  if (/^\$?\.?$/.test(path.trim())) return steps;
  const re = /\s*(?:[.:]?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[\s*'((?:[^']|'')*)'\s*\]|\[\s*"([^"]*)"\s*\])/y;
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

/** A JSON scalar as text the way GreptimeDB's jsonb prints it (`1e100`, not `1e+100`); objects and arrays have none. */
function scalarText(v: Value): SqlValue {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v).replace('e+', 'e');
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return null;
}

const isObject = (v: Value): boolean => isValueMap(v);

/** `json_is_<kind>(json)`: whether the value is of that JSON kind (a number is also a float). */
function predicate(kind: string, test: (v: Value) => boolean): ScalarFunction {
  const name = `json_is_${kind}`;
  return {
    name, signature: `${name}(json)`, minArgs: 1, maxArgs: 1,
    // JSON null and SQL NULL are one value in Sluice: json_is_null answers true for both.
    bind: ([j]) => mapRows('boolean', [jsonArg(j!)], (v) => (v === null ? (kind === 'null' ? true : null) : test(v as Value)), kind === 'null'),
  };
}

export const JSON_FUNCTIONS: readonly ScalarFunction[] = [
  getter('json_get_string', 'string', scalarText),
  // Integers (and booleans as 0/1) only: a float or a string is not an integer.
  getter('json_get_int', 'int64', (v) => (typeof v === 'bigint' ? v : typeof v === 'number' ? (Number.isInteger(v) ? v : null) : typeof v === 'boolean' ? (v ? 1 : 0) : null)),
  getter('json_get_float', 'float64', (v) => (typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'string' ? null : num(v))),
  getter('json_get_bool', 'boolean', (v) => (typeof v === 'boolean' ? v : null)),
  getter('json_get_object', 'json', (v) => (isObject(v) ? v : null)),
  predicate('object', isObject),
  predicate('array', (v) => Array.isArray(v)),
  predicate('int', (v) => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))),
  predicate('float', (v) => typeof v === 'bigint' || typeof v === 'number'),
  predicate('bool', (v) => typeof v === 'boolean'),
  predicate('string', (v) => typeof v === 'string'),
  predicate('null', (v) => v === null),
  {
    name: 'json_object_keys', signature: 'json_object_keys(json)', minArgs: 1, maxArgs: 1,
    bind: ([j], ctx) =>
      mapRows('json', [jsonArg(j!)], (v) => {
        if (!isObject(v as Value)) return null;
        const keys = Object.keys(v as Record<string, Value>);
        builtValue(ctx, 'json_object_keys', keys.length);
        return keys;
      }),
  },
  {
    name: 'json_object', signature: "json_object('key', value, ...)", minArgs: 0, maxArgs: 1000,
    bind: (args, ctx) => {
      if (args.length % 2 !== 0) throw new SqlExecutionError(`Execution error: json_object expects (key, value) argument pairs, got ${args.length} arguments`);
      for (let i = 1; i < args.length; i += 2) {
        const t = args[i]!.type;
        if (t !== 'null' && t !== 'string' && t !== 'boolean' && t !== 'json' && !isNumericType(t)) {
          throw new SqlExecutionError(`Execution error: json_object does not support values of type ${arrowTypeName(t)}; cast the value to a string`);
        }
      }
      return mapRows(
        'json',
        args,
        (...vs) => {
          const out: Record<string, Value> = {};
          for (let i = 0; i < vs.length; i += 2) {
            const k = vs[i];
            if (k === null || k === undefined) throw new SqlExecutionError('Execution error: json_object does not allow NULL keys');
            out[String(k)] = (vs[i + 1] ?? null) as Value;
          }
          builtValue(ctx, 'json_object', vs.length);
          return out;
        },
        true,
      );
    },
  },
  {
    name: 'json_get', signature: "json_get(json, 'path'[, typed NULL])", minArgs: 2, maxArgs: 3,
    bind: ([j, p, hint]) => {
      const steps = parseJsonPath('json_get', constString('json_get', p!, 'path'));
      // A third argument (a NULL of some type) asks for the value as that type, NULL when it does not convert.
      const to = hint === undefined || hint.type === 'null' ? undefined : hint.type;
      return mapRows(to ?? 'json', [jsonArg(j!)], (v) => {
        const x = walk(v as Value, steps);
        if (x === undefined || x === null) return null;
        return to === undefined ? x : castJsonValue(x, to as CastTarget);
      });
    },
  },
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
