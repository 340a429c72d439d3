export interface Span {
  readonly id: string;
  readonly parent: string;
  readonly name: string;
  readonly service: string;
  readonly startMs: number;
  readonly durationMs: number;
  readonly row: Record<string, unknown>;
}

/** Spans in tree order (a parent before its children, siblings by start), each with its depth. */
export function spanTree(spans: readonly Span[]): { span: Span; depth: number }[] {
  const ids = new Set(spans.map((s) => s.id));
  const children = new Map<string, Span[]>();
  for (const s of spans) {
    const p = s.parent !== '' && ids.has(s.parent) ? s.parent : '';
    children.set(p, [...(children.get(p) ?? []), s]);
  }
  const out: { span: Span; depth: number }[] = [];
  const walk = (p: string, depth: number) => {
    for (const s of (children.get(p) ?? []).sort((a, b) => a.startMs - b.startMs)) {
      out.push({ span: s, depth });
      if (depth < 64) walk(s.id, depth + 1);
    }
  };
  walk('', 0);
  return out;
}
