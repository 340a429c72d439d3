import { COLUMN_TYPE_DISPLAY, type Value } from '@sluice/pipeline-core';
import type { ColumnDef } from '@sluice/storage';
import type { ColumnDefAst } from '../ast/statement.js';
import { SqlInvalidArgumentError, SqlUnsupportedError } from '../errors.js';
import { walkExpr } from '../expr/walk.js';
import { compileExpr } from '../expr/compile.js';
import type { EvalContext } from '../expr/relation.js';
import { castToColumn } from '../types/logical-type.js';
import { Interval, isTimestampType } from '../types/sql-value.js';

/** A column definition from SQL, with its DEFAULT folded to a constant of the column's type. */
export function toColumnDef(c: ColumnDefAst, semantic: ColumnDef['semantic'], ctx: EvalContext): ColumnDef {
  let dflt: Value | undefined;
  // `DEFAULT now()` / `current_timestamp()` / `current_timestamp`: evaluated by each INSERT that omits the column.
  const fn = c.default?.kind === 'function' && c.default.args.length === 0 && /^(now|current_timestamp|localtimestamp)$/i.test(c.default.name) ? `${c.default.name.toLowerCase()}()` : undefined;
  if (fn !== undefined && !isTimestampType(c.type)) throw new SqlInvalidArgumentError(`column '${c.name}': DEFAULT ${fn} needs a timestamp column`);
  if (c.default && fn === undefined) {
    walkExpr(c.default, (e) => {
      if (e.kind === 'function' && (e.name === 'now' || e.name === 'current_timestamp')) {
        throw new SqlUnsupportedError(`column '${c.name}': DEFAULT ${e.name}() is not supported (defaults are constants; give the time index a value on insert)`);
      }
    });
    let k;
    try {
      k = compileExpr(c.default, { fields: [], ctx });
    } catch {
      k = undefined;
    }
    if (!k?.constant || k.constant.value instanceof Interval) throw new SqlInvalidArgumentError(`column '${c.name}': DEFAULT must be a constant of type ${COLUMN_TYPE_DISPLAY[c.type]}`);
    dflt = castToColumn(k.constant.value, k.type, c, ctx.timezone);
  }
  return {
    name: c.name,
    type: c.type,
    ...(c.sqlType !== undefined ? { sqlType: c.sqlType } : {}),
    semantic,
    nullable: semantic === 'timestamp' ? false : c.nullable,
    ...(c.fulltext ? { index: 'fulltext' as const } : {}),
    // A VECTOR INDEX is accepted and not built: distance functions scan (see docs/sql.md).
    ...(c.index && c.index.kind !== 'vector' && !c.fulltext ? { index: c.index.kind, ...(Object.keys(c.index.options).length ? { indexOptions: c.index.options } : {}) } : {}),
    ...(dflt !== undefined ? { default: dflt } : {}),
    ...(fn !== undefined ? { defaultFunction: fn } : {}),
  };
}
