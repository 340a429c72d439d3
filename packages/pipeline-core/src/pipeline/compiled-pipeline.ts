import type { ColumnSchema } from '../schema/column-type.js';
import type { Processor } from '../processors/processor.js';
import type { Doc } from '../value/value.js';
import type { Dispatcher } from './dispatch.js';
import { runPipeline, startPipeline } from './run-pipeline.js';
import { ShapeKeeper } from './shape-keeper.js';
import type { TableSuffixTemplate } from './table-suffix.js';
import type { RowTransform } from './transform/row-transform.js';
import type { ParseOptions, Pipeline, PipelineResult, PipelineRunner, RunOptions } from './types.js';

/** The compiled form `parsePipeline` returns: processors, transform, routing — all built once. */
export class CompiledPipeline implements Pipeline {
  /** The last run's record and table shapes (no data), so full GCs do not discard optimized code. */
  readonly shapes = new ShapeKeeper();

  constructor(
    readonly version: 1 | 2,
    readonly description: string | undefined,
    readonly processors: readonly Processor[],
    readonly transform: RowTransform,
    readonly dispatcher: Dispatcher | undefined,
    readonly tableSuffix: TableSuffixTemplate | undefined,
    readonly resolvePipeline: ParseOptions['resolvePipeline'],
    readonly warnings: readonly string[] = [],
  ) {}

  /** The declared columns of the transform, when it fixes the table's schema (no auto transform). */
  get declaredSchema(): readonly ColumnSchema[] | undefined {
    return this.transform.declared.length === 0 ? undefined : this.transform.fixed;
  }

  /** Whether rows may land in tables other than the target (dispatcher or table_suffix). */
  get hasVariantTableName(): boolean {
    return this.dispatcher !== undefined || this.tableSuffix !== undefined;
  }

  /** The pipelines the dispatcher's rules name (resolved by name, latest version, when a record is routed). */
  get dispatchTargets(): readonly string[] {
    const names = new Set<string>();
    for (const r of this.dispatcher?.rules ?? []) if (r.pipeline !== undefined) names.add(r.pipeline);
    return [...names];
  }

  run(items: readonly (Doc | string)[], opts?: RunOptions): PipelineResult {
    return runPipeline(this, items, opts);
  }

  start(opts?: RunOptions): PipelineRunner {
    return startPipeline(this, opts);
  }
}
