/** Label sets: arrays of name/value pairs sorted by name; the key joins them for hashing. */

export interface Label {
  readonly name: string;
  readonly value: string;
}

export type Labels = readonly Label[];

export const METRIC_NAME = '__name__';
const SEP = '\xff';

export function labelsFromRecord(rec: Readonly<Record<string, string>>): Labels {
  return Object.keys(rec)
    .filter((k) => rec[k] !== '')
    .sort()
    .map((name) => ({ name, value: rec[name]! }));
}

export function labelsToRecord(ls: Labels): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of ls) out[l.name] = l.value;
  return out;
}

export function labelsKey(ls: Labels): string {
  let k = '';
  for (const l of ls) k += l.name + SEP + l.value + SEP;
  return k;
}

export function getLabel(ls: Labels, name: string): string {
  for (const l of ls) if (l.name === name) return l.value;
  return '';
}

export function dropMetricName(ls: Labels): Labels {
  return ls.some((l) => l.name === METRIC_NAME) ? ls.filter((l) => l.name !== METRIC_NAME) : ls;
}

/** Sets (or, with an empty value, removes) one label, keeping the order. */
export function setLabel(ls: Labels, name: string, value: string): Labels {
  const out = ls.filter((l) => l.name !== name);
  if (value !== '') {
    out.push({ name, value });
    out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return out;
}

/** Only the named labels (`by`, `on`). */
export function keepLabels(ls: Labels, names: ReadonlySet<string>): Labels {
  return ls.filter((l) => names.has(l.name));
}

/** All but the named labels (`without`, `ignoring`). */
export function removeLabels(ls: Labels, names: ReadonlySet<string>): Labels {
  return ls.filter((l) => !names.has(l.name));
}

/** Key of the labels a grouping selects: `by`/`on` keep the names, `without`/`ignoring` drop them (and the metric name). */
export function groupingKey(ls: Labels, names: ReadonlySet<string>, without: boolean): string {
  let k = '';
  for (const l of ls) {
    const inSet = names.has(l.name);
    if (without ? inSet || l.name === METRIC_NAME : !inSet) continue;
    k += l.name + SEP + l.value + SEP;
  }
  return k;
}

export function compareLabels(a: Labels, b: Labels): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.value !== y.value) return x.value < y.value ? -1 : 1;
  }
  return a.length - b.length;
}

/** Prometheus's label printing: `name{a="1", b="2"}`. */
export function formatLabels(ls: Labels): string {
  const name = getLabel(ls, METRIC_NAME);
  const rest = ls.filter((l) => l.name !== METRIC_NAME).map((l) => `${l.name}=${JSON.stringify(l.value)}`);
  return `${name}{${rest.join(', ')}}`;
}
