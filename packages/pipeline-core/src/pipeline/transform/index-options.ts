/**
 * Options of a transform's `index: {type: fulltext | skipping, options: {...}}`, checked once at parse
 * time with GreptimeDB's names and values. Returns a problem message, or undefined when valid.
 */
const CHECKS: Record<'fulltext' | 'skipping', Record<string, (v: string) => string | undefined>> = {
  fulltext: {
    analyzer: (v) => (/^(english|chinese)$/i.test(v) ? undefined : "expected 'English' or 'Chinese'"),
    case_sensitive: bool,
    backend: (v) => (/^(bloom|tantivy)$/i.test(v) ? undefined : "expected 'bloom' or 'tantivy'"),
    granularity: positiveInt,
    false_positive_rate: rate,
  },
  skipping: {
    type: (v) => (/^bloom$/i.test(v) ? undefined : "expected 'BLOOM'"),
    granularity: positiveInt,
    false_positive_rate: rate,
  },
};

function bool(v: string): string | undefined {
  return /^(true|false)$/i.test(v) ? undefined : 'expected true or false';
}

function positiveInt(v: string): string | undefined {
  return /^\d+$/.test(v) && Number(v) > 0 ? undefined : 'expected a positive integer';
}

function rate(v: string): string | undefined {
  const n = Number(v);
  return v.trim() !== '' && n > 0 && n <= 1 ? undefined : 'expected a number in (0, 1]';
}

export function checkIndexOption(kind: 'fulltext' | 'skipping', key: string, value: string): string | undefined {
  const check = CHECKS[kind][key];
  if (check === undefined) return `unknown ${kind} index option '${key}' (known: ${Object.keys(CHECKS[kind]).join(', ')})`;
  const why = check(value);
  return why === undefined ? undefined : `invalid ${kind} index option ${key}=${value}: ${why}`;
}
