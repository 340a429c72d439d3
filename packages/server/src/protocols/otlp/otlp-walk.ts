/**
 * Walks an OTLP request's three levels (resource, scope, item: a log record or a span) in order:
 * `resource` and `scope` run once per resource and per scope (what every item under them shares,
 * computed once), `item` once per item with its index over the whole request.
 */
export function walkScoped<R, S, I, RC, SC>(
  resources: readonly R[] | undefined,
  scopesOf: (r: R) => readonly S[] | undefined,
  itemsOf: (s: S) => readonly I[] | undefined,
  visit: {
    readonly resource: (r: R) => RC;
    readonly scope: (s: S, r: RC) => SC;
    readonly item: (item: I, s: SC, r: RC, index: number) => void;
  },
): void {
  let index = 0;
  for (const r of resources ?? []) {
    const rc = visit.resource(r);
    for (const s of scopesOf(r) ?? []) {
      const sc = visit.scope(s, rc);
      for (const item of itemsOf(s) ?? []) visit.item(item, sc, rc, index++);
    }
  }
}
