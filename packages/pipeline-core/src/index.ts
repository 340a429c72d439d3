// Public API of @sluice/pipeline-core. Internals are not re-exported.
export { StatusCode, type StatusCodeName, SluiceError, PipelineConfigError, ProcessorError, TransformError, type ConfigLocation } from './errors/index.js';
export { Timestamp, type TimeUnit } from './value/timestamp.js';
export { type Value, type ValueMap, type Doc, type ValueKind, kindOf, isValueMap, toPlain, toJsonText, stringifyExact } from './value/value.js';
export { COLUMN_TYPES, COLUMN_TYPE_DISPLAY, type ColumnType, type ColumnSchema, type Semantic, type IndexKind, timestampType, timeUnitOf, isIntegerType, isFloatType } from './schema/column-type.js';
export { type TableOptions, type TableOptionName, type MergeMode, TABLE_OPTION_NAMES, TableOptionError, parseTableOption, isTableOptionName, tableOptionsToStrings } from './table/table-options.js';
export { parseDuration, formatDuration, DurationSyntaxError } from './time/duration.js';
export { formatHumantime } from './time/humantime.js';
export { didYouMean, closest } from './config/did-you-mean.js';
export { parsePipeline } from './pipeline/parse-pipeline.js';
export { identityPipeline, IDENTITY_PIPELINE_NAME, type IdentityOptions } from './pipeline/identity.js';
export { PipelineRunError } from './pipeline/run-error.js';
export { SERVICE_TIMESTAMP } from './pipeline/transform/row-transform.js';
export type { Pipeline, PipelineResult, PipelineRunner, PipelineTable, PipelineItemError, RunOptions, ParseOptions } from './pipeline/types.js';
export { compileVrl, type VrlProgram, type CompileVrlOptions, type VrlCallContext, type VrlFunction, VrlFunctionError, type VrlValue, VrlSyntaxError, VrlCompileError, VrlRuntimeError } from './vrl/index.js';
