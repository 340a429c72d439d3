/** The measurement (table) of each line-protocol line, with how many lines name it. */
export function measurements(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^((?:\\.|[^,\s\\])+)/.exec(line);
    if (m) {
      const name = m[1]!.replace(/\\(.)/g, '$1');
      out.set(name, (out.get(name) ?? 0) + 1);
    }
  }
  return out;
}
