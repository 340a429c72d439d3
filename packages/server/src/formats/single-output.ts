import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { StatementOutput } from '@sluice/query';

/** The text formats carry one statement's output, as GreptimeDB's do; several are a 400. */
export function refuseMultiStatements(count: number, format: string): void {
  if (count > 1) throw new SluiceError(StatusCode.InvalidArguments, `cannot output multi-statements result in ${format} format`);
}

export function singleOutput(outputs: readonly StatementOutput[], format: string): StatementOutput | undefined {
  refuseMultiStatements(outputs.length, format);
  return outputs[0];
}
