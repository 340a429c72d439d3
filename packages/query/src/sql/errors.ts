import { SluiceError, StatusCode } from '@sluice/pipeline-core';

export { TableNotFoundError, DatabaseNotFoundError } from '@sluice/storage';

/** The SQL text does not parse; carries the 1-based line and column. Code 2000 (InvalidSyntax). */
export class SqlSyntaxError extends SluiceError {
  override name = 'SqlSyntaxError';
  constructor(readonly line: number, readonly column: number, message: string) {
    super(StatusCode.InvalidSyntax, `SQL syntax error at line ${line}, column ${column}: ${message}`);
  }
}

/** A column reference that resolves to nothing (code 3000, PlanQuery: GreptimeDB's `No field named x` when it plans a query). */
export class ColumnNotFoundError extends SluiceError {
  override name = 'ColumnNotFoundError';
  constructor(readonly column: string, known: readonly string[]) {
    super(StatusCode.PlanQuery, `No field named ${column}. Valid fields are ${known.map((k) => `'${k}'`).join(', ') || '(none)'}`);
  }
}

/** A query that parses but cannot be planned (code 3000). */
export class SqlPlanError extends SluiceError {
  override name = 'SqlPlanError';
  constructor(message: string) {
    super(StatusCode.PlanQuery, message);
  }
}

/** Bad arguments or values at plan or run time: wrong function arguments, bad casts (code 1004). */
export class SqlInvalidArgumentError extends SluiceError {
  override name = 'SqlInvalidArgumentError';
  constructor(message: string) {
    super(StatusCode.InvalidArguments, message);
  }
}

/** A valid SQL construct Sluice does not implement (code 1001). */
export class SqlUnsupportedError extends SluiceError {
  override name = 'SqlUnsupportedError';
  constructor(message: string) {
    super(StatusCode.Unsupported, message);
  }
}

/** A failure while executing: a value that cannot be cast, division by zero (code 3001, as GreptimeDB). */
export class SqlExecutionError extends SluiceError {
  override name = 'SqlExecutionError';
  constructor(message: string) {
    super(StatusCode.EngineExecuteQuery, message);
  }
}

/** A range query (SELECT ... ALIGN) GreptimeDB refuses as it plans it: `Range Query: ...` (code 2000, InvalidSyntax, as it reports these). */
export class RangeQueryError extends SluiceError {
  override name = 'RangeQueryError';
  constructor(message: string) {
    super(StatusCode.InvalidSyntax, `Range Query: ${message}`);
  }
}
