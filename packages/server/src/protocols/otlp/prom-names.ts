import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/**
 * Prometheus's translation of OTLP metric and attribute names (the OpenTelemetry "Prometheus and
 * OpenMetrics compatibility" rules as Prometheus's OTLP receiver applies them).
 */
export type TranslationStrategy = 'UnderscoreEscapingWithSuffixes' | 'UnderscoreEscapingWithoutSuffixes' | 'NoUTF8EscapingWithSuffixes' | 'NoTranslation';
export const TRANSLATION_STRATEGIES: readonly TranslationStrategy[] = ['UnderscoreEscapingWithSuffixes', 'UnderscoreEscapingWithoutSuffixes', 'NoUTF8EscapingWithSuffixes', 'NoTranslation'];

export function parseTranslationStrategy(text: string | undefined): TranslationStrategy {
  if (text === undefined || text.trim() === '') return 'UnderscoreEscapingWithSuffixes';
  const found = TRANSLATION_STRATEGIES.find((s) => s.toLowerCase() === text.trim().toLowerCase());
  if (found === undefined) throw new SluiceError(StatusCode.InvalidArguments, `unknown OTLP metric translation strategy '${text}' (known: ${TRANSLATION_STRATEGIES.join(', ')})`);
  return found;
}

const UNITS: Record<string, string> = {
  d: 'days', h: 'hours', min: 'minutes', s: 'seconds', ms: 'milliseconds', us: 'microseconds', ns: 'nanoseconds',
  By: 'bytes', KiBy: 'kibibytes', MiBy: 'mebibytes', GiBy: 'gibibytes', TiBy: 'tibibytes',
  KBy: 'kilobytes', MBy: 'megabytes', GBy: 'gigabytes', TBy: 'terabytes',
  m: 'meters', V: 'volts', A: 'amperes', J: 'joules', W: 'watts', g: 'grams', Cel: 'celsius', Hz: 'hertz', '%': 'percent',
};
const PER_UNITS: Record<string, string> = { s: 'second', m: 'minute', h: 'hour', d: 'day', w: 'week', mo: 'month', y: 'year' };

/** Unit suffix tokens: `ms` → [milliseconds], `By/s` → [bytes, per, second], `{req}` and `1` → []. */
export function unitTokens(unit: string | undefined): string[] {
  const u = (unit ?? '').replace(/\{[^}]*\}/g, '').trim();
  if (u === '' || u === '1') return [];
  const slash = u.indexOf('/');
  const main = (slash < 0 ? u : u.slice(0, slash)).trim();
  const per = slash < 0 ? '' : u.slice(slash + 1).trim();
  const out: string[] = [];
  if (main !== '' && main !== '1') out.push(...tokens(UNITS[main] ?? main));
  if (per !== '') out.push('per', ...tokens(PER_UNITS[per] ?? per));
  return out;
}

function tokens(s: string): string[] {
  return s.split(/[^A-Za-z0-9:]+|_+/).filter((t) => t !== '');
}

export type MetricKind = 'gauge' | 'counter' | 'histogram' | 'summary' | 'sum';

/**
 * The Prometheus metric name: invalid characters become `_` (runs collapsed), then with suffixes
 * the unit (`_seconds`, `_bytes_per_second`), `_ratio` for gauges of unit `1`, `_total` for
 * monotonic sums. A name starting with a digit gets a leading `_`.
 */
export function promMetricName(name: string, unit: string | undefined, kind: MetricKind, strategy: TranslationStrategy): string {
  if (strategy === 'NoTranslation') return name;
  const withSuffixes = strategy !== 'UnderscoreEscapingWithoutSuffixes';
  const escape = strategy !== 'NoUTF8EscapingWithSuffixes';
  let parts = escape ? tokens(name) : [name];
  if (withSuffixes) {
    for (const t of unitTokens(unit)) if (!parts.includes(t)) parts.push(t);
    if (kind === 'counter') {
      parts = parts.filter((p, i) => !(p === 'total' && i === parts.length - 1));
      parts.push('total');
    }
    if (kind === 'gauge' && (unit ?? '').trim() === '1' && !parts.includes('ratio')) parts.push('ratio');
  }
  let out = parts.join('_');
  if (out === '') out = '_';
  if (escape && /^[0-9]/.test(out)) out = `_${out}`;
  return out;
}

/** A Prometheus label name: invalid characters become `_`; a leading digit gets `key_`. */
export function promLabelName(name: string, strategy: TranslationStrategy): string {
  if (strategy === 'NoTranslation' || strategy === 'NoUTF8EscapingWithSuffixes') return name;
  let out = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (/^[0-9]/.test(out)) out = `key_${out}`;
  return out;
}
