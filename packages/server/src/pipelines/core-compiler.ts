import { identityPipeline, IDENTITY_PIPELINE_NAME, parsePipeline, type IdentityOptions, type Pipeline } from '@sluice/pipeline-core';
import type { CompiledPipeline, PipelineCompiler } from './compiler.js';

/** Distinct identity option sets kept compiled (a request's parameters pick one; the oldest goes first). */
const MAX_IDENTITY_VARIANTS = 64;

/** The real compiler: `@sluice/pipeline-core`'s parsePipeline and its built-in identity pipeline. */
export function corePipelineCompiler(): PipelineCompiler {
  const identities = new Map<string, CompiledPipeline>();
  return {
    identityName: IDENTITY_PIPELINE_NAME,
    compile: (yaml, resolvePipeline) => parsePipeline(yaml, { resolvePipeline: (name) => resolvePipeline(name) as Pipeline | undefined }),
    identity: (options?: IdentityOptions): CompiledPipeline => {
      const key = JSON.stringify([options?.customTimeIndex, options?.flattenJsonObject, options?.maxNestedLevels]);
      let p = identities.get(key);
      if (p === undefined) {
        p = identityPipeline(options);
        if (identities.size >= MAX_IDENTITY_VARIANTS) identities.delete(identities.keys().next().value!);
        identities.set(key, p);
      }
      return p;
    },
  };
}
