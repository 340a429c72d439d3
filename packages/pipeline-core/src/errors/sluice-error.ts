import { StatusCode } from './status-code.js';

/** Base of every error Sluice throws across a package boundary. */
export class SluiceError extends Error {
  override name = 'SluiceError';
  readonly code: StatusCode;

  constructor(code: StatusCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Where a configuration value sits: a path such as `processors[2].dissect.pattern` and its YAML position. */
export interface ConfigLocation {
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
}

function describeLocation(loc: ConfigLocation): string {
  return loc.line === undefined ? loc.path : `${loc.path} (line ${loc.line}, column ${loc.column})`;
}

/** A pipeline document that cannot be compiled. The message names the path and YAML position. */
export class PipelineConfigError extends SluiceError {
  override name = 'PipelineConfigError';
  readonly location: ConfigLocation;

  constructor(location: ConfigLocation, message: string, options?: { cause?: unknown }) {
    super(StatusCode.InvalidArguments, `${describeLocation(location)}: ${message}`, options);
    this.location = location;
  }
}

/** A processor failed on one item at run time. */
export class ProcessorError extends SluiceError {
  override name = 'ProcessorError';
  readonly kind: string;
  readonly field: string | undefined;

  constructor(kind: string, field: string | undefined, message: string, options?: { cause?: unknown }) {
    super(StatusCode.InvalidArguments, field === undefined ? `${kind}: ${message}` : `${kind} (field '${field}'): ${message}`, options);
    this.kind = kind;
    this.field = field;
  }
}

/** A record could not be turned into a row (transform typing, table options set by a record). */
export class TransformError extends SluiceError {
  override name = 'TransformError';
  readonly field: string | undefined;

  constructor(field: string | undefined, message: string, options?: { cause?: unknown }) {
    super(StatusCode.InvalidArguments, field === undefined ? message : `field '${field}': ${message}`, options);
    this.field = field;
  }
}
