/** The parts of V8's `.cpuprofile` (the inspector's `Profiler.stop` result) the converters read. */
export interface CpuProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
  readonly children?: readonly number[];
}

export interface CpuProfile {
  readonly nodes: readonly CpuProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

export function frameName(node: CpuProfileNode): string {
  const f = node.callFrame;
  const name = f.functionName || '(anonymous)';
  return f.url ? `${name} ${f.url}:${f.lineNumber + 1}` : name;
}

/** Samples per node id, each node's parent, and the sampling interval in microseconds. */
export function indexProfile(p: CpuProfile): { counts: Map<number, number>; parent: Map<number, number>; byId: Map<number, CpuProfileNode>; intervalUs: number } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map<number, number>();
  for (const id of p.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const n = p.samples?.length ?? 0;
  const intervalUs = n > 0 ? Math.max(1, Math.round((p.endTime - p.startTime) / n)) : 1000;
  return { counts, parent, byId, intervalUs };
}

/** Node ids from the leaf up to (not including) the synthetic `(root)` node. */
export function stackOf(id: number, idx: ReturnType<typeof indexProfile>): number[] {
  const out: number[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = idx.parent.get(cur)) {
    const node = idx.byId.get(cur);
    if (node === undefined || node.callFrame.functionName === '(root)') break;
    out.push(cur);
  }
  return out;
}
