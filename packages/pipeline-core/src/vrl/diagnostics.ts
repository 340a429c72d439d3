import { SluiceError } from '../errors/sluice-error.js';
import { StatusCode } from '../errors/status-code.js';

/** A place in the VRL source: 1-based line and column, and the 0-based offsets it covers. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
}

/** The source line of `span` with a caret underline, as VRL's diagnostics show it. */
export function renderSnippet(source: string, span: Span): string {
  const lines = source.split('\n');
  const text = lines[span.line - 1] ?? '';
  const gutter = String(span.line);
  const pad = ' '.repeat(gutter.length);
  const width = Math.max(1, Math.min(span.end - span.start, text.length - span.column + 1));
  return `${gutter} | ${text}\n${pad} | ${' '.repeat(Math.max(0, span.column - 1))}${'^'.repeat(width)}`;
}

/** Common shape of the syntax and compile errors: a VRL error code and where it happened. */
abstract class VrlDiagnosticError extends SluiceError {
  readonly vrlCode: string;
  readonly line: number;
  readonly column: number;
  readonly snippet: string;
  /** The message without location or snippet. */
  readonly detail: string;

  constructor(vrlCode: string, detail: string, source: string, span: Span) {
    const snippet = renderSnippet(source, span);
    super(StatusCode.InvalidArguments, `error[${vrlCode}]: ${detail} (line ${span.line}, column ${span.column})\n${snippet}`);
    this.vrlCode = vrlCode;
    this.detail = detail;
    this.line = span.line;
    this.column = span.column;
    this.snippet = snippet;
  }
}

/** The program text does not follow VRL's grammar (code E203, or E209 for a bad escape or literal). */
export class VrlSyntaxError extends VrlDiagnosticError {
  override name = 'VrlSyntaxError';
}

/** The program parses but does not compile: unknown function, arity, unhandled fallible call, ... */
export class VrlCompileError extends VrlDiagnosticError {
  override name = 'VrlCompileError';
}

/** The program failed while running: `abort`, or a failed `f!(...)` call. */
export class VrlRuntimeError extends SluiceError {
  override name = 'VrlRuntimeError';
  /** True when the program ran `abort`. */
  readonly aborted: boolean;

  constructor(message: string, aborted: boolean, options?: { cause?: unknown }) {
    super(StatusCode.InvalidArguments, message, options);
    this.aborted = aborted;
  }
}
