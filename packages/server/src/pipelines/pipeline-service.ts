import { SluiceError, StatusCode, type IdentityOptions } from '@sluice/pipeline-core';
import type { PipelineStore, StoredPipeline } from '@sluice/storage';
import type { CompiledPipeline, PipelineCompiler } from './compiler.js';

export const RESERVED_PREFIX = 'service_';
/** Most pipelines shipped to a worker with one dispatcher pipeline. */
const MAX_DISPATCH_BUNDLE = 64;
/** The worker task key of the built-in identity pipeline (no stored pipeline has a NUL in its name). */
export const IDENTITY_TASK_KEY = '\u0000identity';

/** A pipeline as a worker task carries it (see PipelineTask). */
export interface WorkerSource {
  readonly key: string;
  readonly yaml: string;
  /** The built-in identity pipeline's request parameters (with `key` IDENTITY_TASK_KEY). */
  readonly identity?: IdentityOptions;
  readonly pipelines?: readonly { readonly name: string; readonly key: string; readonly yaml: string }[];
}
/** The longest pipeline name; checked on every lookup too, so an overlong key never reaches the store. */
export const PIPELINE_NAME_MAX = 128;
const NAME_RE = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;
const VERSION_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]00:?00)?$/;

/** A 400 for a name no pipeline can have, before the store is asked (LMDB keys are at most 1978 bytes). */
function checkLookupName(name: string): void {
  if (name.length > PIPELINE_NAME_MAX) {
    throw new SluiceError(StatusCode.InvalidArguments, `pipeline name too long: ${name.length} characters (at most ${PIPELINE_NAME_MAX})`);
  }
}

function notFound(name: string, version: string | undefined): SluiceError {
  return new SluiceError(StatusCode.InvalidArguments, `Pipeline not found, name: ${name}, version: ${version ?? 'latest'}`);
}

/**
 * Checks a `version` parameter and returns the stored form `YYYY-MM-DD HH:MM:SS.fffffffff` (UTC).
 * Accepted as GreptimeDB accepts and prints versions: any fraction of 0-9 digits, `T` or a space,
 * and a trailing `Z`, `+0000` or `+00:00`.
 */
export function parseVersion(version: string | undefined): string | undefined {
  if (version === undefined || version === '') return undefined;
  const m = VERSION_RE.exec(version.trim());
  if (m === null || Number.isNaN(Date.parse(`${m[1]}T${m[2]}Z`))) {
    throw new SluiceError(StatusCode.InvalidArguments, `Invalid pipeline version format: ${version}`);
  }
  return `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(9, '0')}`;
}

/** A stored version as GreptimeDB's API prints it (chrono `%.f`: 0, 3, 6 or 9 fraction digits). */
export function displayVersion(stored: string): string {
  const dot = stored.indexOf('.');
  if (dot < 0) return stored;
  const frac = stored.slice(dot + 1).padEnd(9, '0');
  if (frac === '000000000') return stored.slice(0, dot);
  const digits = frac.endsWith('000000') ? 3 : frac.endsWith('000') ? 6 : 9;
  return `${stored.slice(0, dot)}.${frac.slice(0, digits)}`;
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
      throw new SluiceError(StatusCode.InvalidArguments, `Invalid request parameter: pipeline_name cannot start with ${RESERVED_PREFIX}`);
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
   * What a pipeline worker needs to run a pipeline: a cache key, the YAML, and for a dispatcher the
   * pipelines it may route to (transitively, latest versions now). `undefined` for the built-in
   * identity, which runs here (measured: copying its rows back costs more than it saves; it runs no
   * user-supplied pattern or program, and runs in slices with the deadline, see run-bounded.ts).
   */
  workerSource(name: string, version: string | undefined): WorkerSource | undefined {
    // The identity pipeline runs on a worker too: parsing a big NDJSON body is the costly part.
    if (name === this.compiler.identityName) return { key: IDENTITY_TASK_KEY, yaml: '' };
    const stored = this.get(name, version);
    return this.sourceOf(stored, this.compiled(stored));
  }

  /**
   * resolve() and, when `withSource` (the server has pipeline workers), workerSource() of one stored
   * version, from one store lookup (a request asked the store three times, for the same answer).
   */
  forRun(name: string, version: string | undefined, identity: IdentityOptions | undefined, withSource: boolean): { pipeline: CompiledPipeline; source: WorkerSource | undefined } {
    if (name === this.compiler.identityName) return { pipeline: this.compiler.identity(identity), source: withSource ? { key: IDENTITY_TASK_KEY, yaml: '' } : undefined };
    const stored = this.get(name, version);
    const pipeline = this.compiled(stored);
    return { pipeline, source: withSource ? this.sourceOf(stored, pipeline) : undefined };
  }

  private sourceOf(stored: StoredPipeline, pipeline: CompiledPipeline): WorkerSource {
    const targets = this.dispatchBundle(pipeline);
    const key = [`${stored.name}\u0000${stored.version}`, ...targets.map((t) => t.key)].join('\u0001');
    return { key, yaml: stored.yaml, ...(targets.length > 0 ? { pipelines: targets } : {}) };
  }

  /** What a worker needs to run inline (dry-run) YAML: no cache key, and the pipelines its dispatcher may route to. */
  inlineWorkerSource(yaml: string, compiled: CompiledPipeline): WorkerSource {
    const targets = this.dispatchBundle(compiled);
    return { key: '', yaml, ...(targets.length > 0 ? { pipelines: targets } : {}) };
  }

  /** The pipelines reachable through dispatcher rules from `p`, each at its latest version. */
  private dispatchBundle(p: CompiledPipeline): { name: string; key: string; yaml: string }[] {
    const out = new Map<string, { name: string; key: string; yaml: string }>();
    const queue = [...(p.dispatchTargets ?? [])];
    while (queue.length > 0 && out.size < MAX_DISPATCH_BUNDLE) {
      const name = queue.shift()!;
      if (out.has(name) || name === this.compiler.identityName || name.length > PIPELINE_NAME_MAX) continue;
      const stored = this.store.get(name, undefined);
      if (stored === undefined) continue; // the run reports "dispatcher pipeline not found" as it does here
      out.set(name, { name, key: `${name}\u0000${stored.version}`, yaml: stored.yaml });
      const compiled = this.resolveLatest(name);
      if (compiled !== undefined) queue.push(...(compiled.dispatchTargets ?? []));
    }
    return [...out.values()];
  }

  /** The compiled pipeline for a name (latest version unless given); the built-in identity needs no upload. */
  resolve(name: string, version?: string, identity?: IdentityOptions): { pipeline: CompiledPipeline; version: string | undefined } {
    if (name === this.compiler.identityName) return { pipeline: this.compiler.identity(identity), version: undefined };
    const stored = this.get(name, version);
    return { pipeline: this.compiled(stored), version: stored.version };
  }

  /** A stored version compiled (once: cached by name and version). */
  private compiled(stored: StoredPipeline): CompiledPipeline {
    const key = `${stored.name}\u0000${stored.version}`;
    let compiled = this.cache.get(key);
    if (compiled === undefined) {
      compiled = this.compile(stored.yaml);
      this.cache.set(key, compiled);
    }
    return compiled;
  }
}
