import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { PipelineStore, StoredPipeline } from '@sluice/storage';
import type { CompiledPipeline, PipelineCompiler } from './compiler.js';

export const RESERVED_PREFIX = 'service_';
/** The longest pipeline name; checked on every lookup too, so an overlong key never reaches the store. */
export const PIPELINE_NAME_MAX = 128;
const NAME_RE = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;
const VERSION_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{9}$/;

/** A 400 for a name no pipeline can have, before the store is asked (LMDB keys are at most 1978 bytes). */
function checkLookupName(name: string): void {
  if (name.length > PIPELINE_NAME_MAX) {
    throw new SluiceError(StatusCode.InvalidArguments, `pipeline name too long: ${name.length} characters (at most ${PIPELINE_NAME_MAX})`);
  }
}

function notFound(name: string, version: string | undefined): SluiceError {
  return new SluiceError(StatusCode.InvalidArguments, version === undefined ? `pipeline '${name}' not found` : `pipeline '${name}' version '${version}' not found`);
}

/** Checks a `version` parameter: `YYYY-MM-DD HH:MM:SS.fffffffff` (UTC; a trailing `Z` is accepted). */
export function parseVersion(version: string | undefined): string | undefined {
  if (version === undefined || version === '') return undefined;
  const v = version.trim().replace(/Z$/, '');
  if (!VERSION_RE.test(v)) {
    throw new SluiceError(StatusCode.InvalidArguments, `invalid pipeline version '${version}': expected YYYY-MM-DD HH:MM:SS.fffffffff (UTC)`);
  }
  return v;
}

/** Pipelines: stored YAML in the store, compiled once per name and version and kept. */
export class PipelineService {
  private readonly cache = new Map<string, CompiledPipeline>();
  private readonly resolveLatest = (name: string): CompiledPipeline | undefined => {
    try {
      return this.resolve(name).pipeline;
    } catch {
      return undefined;
    }
  };

  constructor(
    private readonly store: PipelineStore,
    private readonly compiler: PipelineCompiler,
  ) {}

  get identityName(): string {
    return this.compiler.identityName;
  }

  checkName(name: string): void {
    checkLookupName(name);
    if (name.startsWith(RESERVED_PREFIX)) {
      throw new SluiceError(StatusCode.InvalidArguments, `pipeline name '${name}' is reserved: names starting with '${RESERVED_PREFIX}' belong to built-in pipelines`);
    }
    if (!NAME_RE.test(name)) {
      throw new SluiceError(StatusCode.InvalidArguments, `invalid pipeline name '${name}': use letters, digits, '_', '-' and '.', starting with a letter or '_'`);
    }
  }

  /** Compiles without storing (dry runs of inline YAML). */
  compile(yaml: string): CompiledPipeline {
    return this.compiler.compile(yaml, this.resolveLatest);
  }

  /** Compiles, then stores a new version; a pipeline that does not compile is never stored. */
  async upload(name: string, yaml: string): Promise<StoredPipeline> {
    this.checkName(name);
    const compiled = this.compile(yaml);
    const stored = await this.store.put(name, yaml);
    this.cache.set(`${name}\u0000${stored.version}`, compiled);
    return stored;
  }

  get(name: string, version?: string): StoredPipeline {
    checkLookupName(name);
    const v = parseVersion(version);
    const found = this.store.get(name, v);
    if (found === undefined) throw notFound(name, v);
    return found;
  }

  list(name?: string): StoredPipeline[] {
    if (name !== undefined) checkLookupName(name);
    return this.store.list(name);
  }

  async delete(name: string, version: string | undefined): Promise<StoredPipeline> {
    checkLookupName(name);
    const v = parseVersion(version);
    if (v === undefined) throw new SluiceError(StatusCode.InvalidArguments, `deleting pipeline '${name}' needs the 'version' query parameter`);
    const found = this.store.get(name, v);
    if (found === undefined || !(await this.store.delete(name, v))) throw notFound(name, v);
    this.cache.delete(`${name}\u0000${v}`);
    return found;
  }

  /**
   * What a pipeline worker needs to run a pipeline: a cache key and the YAML. `undefined` when the
   * pipeline runs here: the built-in identity (measured: copying its rows back costs more than it
   * saves) and pipelines with a dispatcher (they name other pipelines).
   */
  workerSource(name: string, version: string | undefined): { key: string; yaml: string } | undefined {
    if (name === this.compiler.identityName) return undefined;
    const stored = this.get(name, version);
    if (/^dispatcher\s*:/m.test(stored.yaml)) return undefined;
    return { key: `${name}\u0000${stored.version}`, yaml: stored.yaml };
  }

  /** The compiled pipeline for a name (latest version unless given); the built-in identity needs no upload. */
  resolve(name: string, version?: string): { pipeline: CompiledPipeline; version: string | undefined } {
    if (name === this.compiler.identityName) return { pipeline: this.compiler.identity(), version: undefined };
    const stored = this.get(name, version);
    const key = `${name}\u0000${stored.version}`;
    let compiled = this.cache.get(key);
    if (compiled === undefined) {
      compiled = this.compile(stored.yaml);
      this.cache.set(key, compiled);
    }
    return { pipeline: compiled, version: stored.version };
  }
}
