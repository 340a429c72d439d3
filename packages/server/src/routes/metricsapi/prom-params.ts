import type { Context } from 'hono';
import { parsePromDuration } from '@sluice/query';
import { PromApiError } from './prom-errors.js';

/** Request parameters of the Prometheus API: form body values first, then the query string (Go's FormValue). */
export interface PromParams {
  get(name: string): string | undefined;
  all(name: string): string[];
}

export async function readPromParams(c: Context): Promise<PromParams> {
  let form: Record<string, string | string[]> = {};
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (c.req.method === 'POST' && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'))) {
    const body = await c.req.parseBody({ all: true });
    for (const [k, v] of Object.entries(body)) {
      const vals = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
      form[k] = vals.length === 1 ? vals[0]! : vals;
    }
  }
  return {
    get: (name) => {
      const f = form[name];
      if (f !== undefined) return Array.isArray(f) ? f[0] : f;
      return c.req.query(name);
    },
    all: (name) => {
      const f = form[name];
      const fromForm = f === undefined ? [] : Array.isArray(f) ? f : [f];
      return [...fromForm, ...(c.req.queries(name) ?? [])];
    },
  };
}

/** Prometheus's minimum and maximum times, as the label APIs default to (capped to what the store can index). */
export const MIN_TIME_MS = -9_000_000_000_000;
export const MAX_TIME_MS = 9_000_000_000_000;

/** Unix seconds (fractional) or RFC 3339, as Prometheus's parseTime; milliseconds out. */
export function parsePromTime(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined || value === '') {
    if (fallback !== undefined) return fallback;
    throw new PromApiError('bad_data', `invalid parameter ${JSON.stringify(name)}: cannot parse "" to a valid timestamp`);
  }
  const t = value.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) {
    const secs = Number(t);
    const whole = Math.trunc(secs);
    return whole * 1000 + Math.round((secs - whole) * 1000);
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(t)) {
    const ms = Date.parse(t);
    if (!Number.isNaN(ms)) return ms;
  }
  if (t === '-292273086-05-16T16:47:06Z') return MIN_TIME_MS;
  if (t === '292277025-08-18T07:12:54.999999999Z') return MAX_TIME_MS;
  throw new PromApiError('bad_data', `invalid parameter ${JSON.stringify(name)}: cannot parse ${JSON.stringify(value)} to a valid timestamp`);
}

/** Seconds (fractional) or a Prometheus duration (`15s`, `1m`); milliseconds out. */
export function parsePromDurationParam(name: string, value: string | undefined): number {
  const t = (value ?? '').trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return Math.round(Number(t) * 1000);
  const d = parsePromDuration(t);
  if (d !== undefined) return d;
  throw new PromApiError('bad_data', `invalid parameter ${JSON.stringify(name)}: cannot parse ${JSON.stringify(value ?? '')} to a valid duration`);
}

/** The database: `db` parameter, else the `x-service-db-name` header, else `public`. */
export function promDb(c: Context, p: PromParams): string {
  return p.get('db') || c.req.header('x-service-db-name') || 'public';
}
