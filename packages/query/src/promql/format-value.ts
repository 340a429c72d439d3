/** Go's strconv.FormatFloat(v, 'f', -1, 64): how Prometheus prints sample values and count_values labels. */
export function formatPromValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  const s = String(v);
  if (!s.includes('e')) return s;
  const neg = v < 0;
  const [mant, expText] = (neg ? s.slice(1) : s).split('e') as [string, string];
  const exp = Number(expText);
  const [int, frac = ''] = mant.split('.') as [string, string?];
  const digits = int + frac;
  const point = int.length + exp;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (neg ? '-' : '') + out;
}
