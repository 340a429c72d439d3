export { StatusCode, type StatusCodeName } from './status-code.js';
export { SluiceError, PipelineConfigError, ProcessorError, TransformError, type ConfigLocation } from './sluice-error.js';
