// Public API of @sluice/server.
export { createApp } from './app.js';
export { startServer, resolveConfig, type StartServerOptions, type RunningServer } from './server.js';
export type { AppDeps } from './deps.js';
export { DEFAULT_CONFIG, type SluiceConfig, type PartialConfig } from './config/schema.js';
export { parseConfigToml, mergeConfig } from './config/load.js';
export { configToToml } from './config/to-toml.js';
export { ConfigError } from './config/config-error.js';
export { statusCodeToHttp } from './errors.js';
export { PipelineService } from './pipelines/pipeline-service.js';
export type { PipelineCompiler, CompiledPipeline } from './pipelines/compiler.js';
export { createLogging, type LogControl } from './logging/logger.js';
export { createServerMetrics, type ServerMetrics } from './metrics/server-metrics.js';
export { createTraceControl, type TraceControl } from './tracing/trace-control.js';
