/** A result as the page shows it: named, typed columns and rows (one shape for SQL and PromQL). */
export interface ResultColumn {
  readonly name: string;
  /** The server's type name (`TimestampMillisecond`, `Float64`, `String`, ...), or `labels`/`time`/`value` for PromQL. */
  readonly type: string;
}

export interface ResultSet {
  readonly columns: readonly ResultColumn[];
  readonly rows: readonly (readonly unknown[])[];
  /** Statements that changed data answer a row count instead of rows. */
  readonly affectedRows?: number;
}

/** One line of a chart: a label and a value per x (null where the series has no point). */
export interface Series {
  readonly label: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly values: (number | null)[];
}

/** Chart data: x in seconds since the epoch, and the series over them. */
export interface ChartData {
  readonly x: number[];
  readonly series: Series[];
}

export const isTimeType = (t: string): boolean => /^timestamp/i.test(t);
export const isNumericType = (t: string): boolean => /^(u?int|float|decimal|double)/i.test(t);

/** A timestamp cell as epoch milliseconds (numbers are taken in the column's unit; strings parsed). */
export function cellToMs(v: unknown, type: string): number | undefined {
  if (typeof v === 'number') {
    const t = type.toLowerCase();
    if (t.endsWith('nanosecond')) return v / 1e6;
    if (t.endsWith('microsecond')) return v / 1e3;
    if (t === 'timestampsecond' || t.endsWith('second') && !t.endsWith('millisecond')) return v * 1000;
    return v;
  }
  if (typeof v === 'string') {
    const n = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : v.replace(' ', 'T') + 'Z');
    return Number.isNaN(n) ? undefined : n;
  }
  return undefined;
}

/** Text for a table cell. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * SQL rows as chart data, when they have a time column and a numeric column: x is the first time
 * column, a line per numeric column and per combination of the string columns (tags). Undefined otherwise.
 */
export function sqlChartData(rs: ResultSet, maxSeries = 50): ChartData | undefined {
  const timeIdx = rs.columns.findIndex((c) => isTimeType(c.type));
  const numIdx = rs.columns.flatMap((c, i) => (isNumericType(c.type) && i !== timeIdx ? [i] : []));
  if (timeIdx < 0 || numIdx.length === 0 || rs.rows.length === 0) return undefined;
  const tagIdx = rs.columns.flatMap((c, i) => (i !== timeIdx && !numIdx.includes(i) && /^string$/i.test(c.type) ? [i] : []));
  const xs = new Set<number>();
  const lines = new Map<string, { label: string; labels: Record<string, string>; points: Map<number, number | null> }>();
  for (const row of rs.rows) {
    const ms = cellToMs(row[timeIdx], rs.columns[timeIdx]!.type);
    if (ms === undefined) continue;
    const x = ms / 1000;
    xs.add(x);
    const labels: Record<string, string> = {};
    for (const i of tagIdx) labels[rs.columns[i]!.name] = cellText(row[i]);
    const tagText = tagIdx.map((i) => `${rs.columns[i]!.name}=${cellText(row[i])}`).join(', ');
    for (const i of numIdx) {
      const label = rs.columns[i]!.name + (tagText ? `{${tagText}}` : '');
      let line = lines.get(label);
      if (line === undefined) {
        if (lines.size >= maxSeries) continue;
        line = { label, labels, points: new Map() };
        lines.set(label, line);
      }
      const v = row[i];
      line.points.set(x, typeof v === 'number' ? v : v === null ? null : Number(v));
    }
  }
  return align(xs, [...lines.values()]);
}

function align(xs: Set<number>, lines: { label: string; labels?: Record<string, string>; points: Map<number, number | null> }[]): ChartData {
  const x = [...xs].sort((a, b) => a - b);
  return { x, series: lines.map((l) => ({ label: l.label, ...(l.labels ? { labels: l.labels } : {}), values: x.map((t) => l.points.get(t) ?? null) })) };
}

/** A Prometheus matrix (`query_range` data.result) as chart data; values that are not finite become gaps. */
export function matrixChartData(result: readonly { metric: Record<string, string>; values: [number, string][] }[]): ChartData {
  const xs = new Set<number>();
  for (const s of result) for (const [t] of s.values) xs.add(t);
  return align(
    xs,
    result.map((s) => ({
      label: seriesName(s.metric),
      labels: s.metric,
      points: new Map(s.values.map(([t, v]) => [t, Number.isFinite(Number(v)) ? Number(v) : null])),
    })),
  );
}

/** `name{a="x", b="y"}` as Prometheus prints a series. */
export function seriesName(metric: Readonly<Record<string, string>>): string {
  const { __name__: name = '', ...rest } = metric;
  const labels = Object.entries(rest).map(([k, v]) => `${k}="${v}"`).join(', ');
  return labels === '' ? name || '{}' : `${name}{${labels}}`;
}

/** A Prometheus matrix or vector as table rows: series, time, value. */
export function promResultSet(resultType: string, result: unknown): ResultSet {
  const columns = [
    { name: 'series', type: 'labels' },
    { name: 'time', type: 'TimestampMillisecond' },
    { name: 'value', type: 'Float64' },
  ];
  if (resultType === 'matrix') {
    const rows = (result as { metric: Record<string, string>; values: [number, string][] }[]).flatMap((s) => s.values.map(([t, v]) => [seriesName(s.metric), Math.round(t * 1000), Number(v)]));
    return { columns, rows };
  }
  if (resultType === 'vector') {
    return { columns, rows: (result as { metric: Record<string, string>; value: [number, string] }[]).map((s) => [seriesName(s.metric), Math.round(s.value[0] * 1000), Number(s.value[1])]) };
  }
  if (resultType === 'scalar' || resultType === 'string') {
    const [t, v] = result as [number, string];
    return { columns: columns.slice(1), rows: [[Math.round(t * 1000), resultType === 'scalar' ? Number(v) : v]] };
  }
  return { columns: [], rows: [] };
}
