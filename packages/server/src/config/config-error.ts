import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** A configuration file or flag that cannot be used; the message names the key. */
export class ConfigError extends SluiceError {
  override name = 'ConfigError';
  constructor(readonly key: string, message: string, options?: { cause?: unknown }) {
    super(StatusCode.InvalidArguments, `config '${key}': ${message}`, options);
  }
}
