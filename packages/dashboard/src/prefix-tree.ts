/** Metric names grouped by their first `_`-separated word (the prefix tree). */
export function prefixTree(names: readonly string[]): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  for (const n of [...names].sort()) {
    const prefix = n.includes('_') ? n.slice(0, n.indexOf('_')) : n;
    tree.set(prefix, [...(tree.get(prefix) ?? []), n]);
  }
  return tree;
}
