import { identityPipeline, IDENTITY_PIPELINE_NAME, parsePipeline, type Pipeline } from '@sluice/pipeline-core';
import type { CompiledPipeline, PipelineCompiler } from './compiler.js';

/** The real compiler: `@sluice/pipeline-core`'s parsePipeline and its built-in identity pipeline. */
export function corePipelineCompiler(): PipelineCompiler {
  let identity: Pipeline | undefined;
  return {
    identityName: IDENTITY_PIPELINE_NAME,
    compile: (yaml, resolvePipeline) => parsePipeline(yaml, { resolvePipeline: (name) => resolvePipeline(name) as Pipeline | undefined }),
    identity: (): CompiledPipeline => (identity ??= identityPipeline()),
  };
}
