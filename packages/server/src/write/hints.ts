import type { Context } from 'hono';
import { SluiceError, StatusCode, parseTableOption, isTableOptionName, didYouMean, TABLE_OPTION_NAMES, type TableOptions } from '@sluice/pipeline-core';

/**
 * Table options for tables that a write creates, from the request's hint headers, as GreptimeDB
 * reads them: `x-service-hints: ttl=7d, append_mode=true` (comma-separated `key=value`) and one
 * option per header, `x-service-hint-ttl: 7d`. A per-option header wins over the same key in
 * `x-service-hints`. An unknown hint name or an invalid value is a 400 naming it.
 *
 * Every write endpoint (ingest, SQL INSERT, line protocol, remote write, OTLP, Loki, OpenTSDB)
 * calls this once per request and passes the result as `WriteRequest.options`.
 */
export const HINTS_HEADER = 'x-service-hints';
export const HINT_HEADER_PREFIX = 'x-service-hint-';

/** Raw hint pairs, before validation: header name/value pairs in any order. */
export function readHintPairs(headers: Iterable<[string, string]>): Map<string, string> {
  const combined = new Map<string, string>();
  const single = new Map<string, string>();
  for (const [rawName, value] of headers) {
    const name = rawName.toLowerCase();
    if (name === HINTS_HEADER) {
      for (const part of value.split(',')) {
        const t = part.trim();
        if (t === '') continue;
        const eq = t.indexOf('=');
        if (eq <= 0) throw new SluiceError(StatusCode.InvalidArguments, `invalid hint '${t}' in header ${HINTS_HEADER}: expected key=value`);
        combined.set(t.slice(0, eq).trim().toLowerCase(), t.slice(eq + 1).trim());
      }
    } else if (name.startsWith(HINT_HEADER_PREFIX) && name.length > HINT_HEADER_PREFIX.length) {
      single.set(name.slice(HINT_HEADER_PREFIX.length), value.trim());
    }
  }
  for (const [k, v] of single) combined.set(k, v);
  return combined;
}

/**
 * The request's headers for tableOptionsFromHints. On Node the raw header list is checked first: a
 * request without any `x-service-hint*` header (nearly all) skips building the whole header record.
 */
export function hintHeaders(c: Context): Iterable<[string, string]> {
  const raw = (c.env as { incoming?: { rawHeaders?: string[] } } | undefined)?.incoming?.rawHeaders;
  if (raw !== undefined) {
    // `x-service-hint`: the prefix of both HINTS_HEADER and HINT_HEADER_PREFIX.
    const prefix = HINT_HEADER_PREFIX.slice(0, -1);
    let any = false;
    for (let i = 0; i < raw.length; i += 2) {
      const n = raw[i]!;
      if (n.length >= prefix.length && n.slice(0, prefix.length).toLowerCase() === prefix) {
        any = true;
        break;
      }
    }
    if (!any) return [];
  }
  return Object.entries(c.req.header());
}

/** Validated table options from the hint headers; `{}` when the request carries none. */
export function tableOptionsFromHints(headers: Iterable<[string, string]>): TableOptions {
  const out: Record<string, unknown> = {};
  for (const [name, value] of readHintPairs(headers)) {
    if (!isTableOptionName(name)) {
      throw new SluiceError(StatusCode.InvalidArguments,
        `unknown hint '${name}'${didYouMean(name, TABLE_OPTION_NAMES)}; known hints: ${TABLE_OPTION_NAMES.join(', ')}`);
    }
    try {
      out[name] = parseTableOption(name, value);
    } catch (e) {
      throw new SluiceError(StatusCode.InvalidArguments, `invalid hint ${name}=${value}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out as TableOptions;
}
