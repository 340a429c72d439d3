import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** A table that does not exist in the database. */
export class TableNotFoundError extends SluiceError {
  override name = 'TableNotFoundError';
  constructor(readonly db: string, readonly table: string, detail?: string) {
    super(StatusCode.TableNotFound, `Table not found: ${db}.${table}${detail ? ` (${detail})` : ''}`);
  }
}

export class TableAlreadyExistsError extends SluiceError {
  override name = 'TableAlreadyExistsError';
  constructor(readonly db: string, readonly table: string) {
    super(StatusCode.TableAlreadyExists, `Table already exists: ${db}.${table}`);
  }
}

export class DatabaseNotFoundError extends SluiceError {
  override name = 'DatabaseNotFoundError';
  constructor(readonly db: string) {
    super(StatusCode.DatabaseNotFound, `Database not found: ${db}`);
  }
}

export class DatabaseAlreadyExistsError extends SluiceError {
  override name = 'DatabaseAlreadyExistsError';
  constructor(readonly db: string) {
    super(StatusCode.DatabaseAlreadyExists, `Database already exists: ${db}`);
  }
}

export class ColumnNotFoundError extends SluiceError {
  override name = 'ColumnNotFoundError';
  constructor(readonly table: string, readonly column: string) {
    super(StatusCode.TableColumnNotFound, `Column '${column}' not found in table ${table}`);
  }
}

export class ColumnAlreadyExistsError extends SluiceError {
  override name = 'ColumnAlreadyExistsError';
  constructor(readonly table: string, readonly column: string) {
    super(StatusCode.TableColumnExists, `Column '${column}' already exists in table ${table}`);
  }
}

/**
 * A write whose column type (or value) conflicts with the table: names the column, the column's
 * type and what the write brought. Nothing of the write is stored.
 */
export class SchemaConflictError extends SluiceError {
  override name = 'SchemaConflictError';
  constructor(
    readonly table: string,
    readonly column: string,
    readonly expected: string,
    readonly actual: string,
    detail?: string,
  ) {
    super(
      StatusCode.InvalidArguments,
      `Schema conflict in table ${table}, column '${column}': the column is ${expected} but the write has ${actual}${detail ? ` (${detail})` : ''}`,
    );
  }
}

/** A request the store cannot accept as given (bad table definition, row shape, predicate, option). */
export class InvalidRequestError extends SluiceError {
  override name = 'InvalidRequestError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(StatusCode.InvalidArguments, message, options);
  }
}

/** The storage engine failed (I/O, a closed store, a corrupt record). */
export class StorageError extends SluiceError {
  override name = 'StorageError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(StatusCode.StorageUnavailable, message, options);
  }
}
