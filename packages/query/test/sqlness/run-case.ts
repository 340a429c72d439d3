import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '@sluice/storage';
import { createQueryEngine, type StatementOutput } from '@sluice/query';
import { expectedHeaders, renderOutput } from './render.js';

/** One ported statement: SQL, sqlness interceptors (`SORT_RESULT 3 1`, `REPLACE re rep`, ...), expected text. */
export interface PortedStatement {
  readonly sql: string;
  readonly interceptors?: readonly string[];
  readonly expect: string;
}
export interface PortedCase {
  readonly source: string;
  readonly statements: readonly PortedStatement[];
}

export interface StatementResult {
  readonly index: number;
  /** Cells (or affected rows, or the error code) as GreptimeDB answers. */
  readonly pass: boolean;
  /** The same and the column headers too. */
  readonly headerPass: boolean;
  /** Why it fails (short, groupable), when it does. */
  readonly reason?: string;
  readonly actual?: string;
}

/** A sqlness REPLACE pattern (Rust regex) as a JS RegExp: leading inline flags (`(?m)`, `(?s)`, `(?i)`) become flags; undefined when JS cannot read it. */
function rustRegex(pattern: string): RegExp | undefined {
  const inline = /^\(\?([imsx]+)\)/.exec(pattern);
  const flags = 'g' + (inline ? [...new Set(inline[1]!.replace('x', ''))].join('') : '');
  try {
    return new RegExp(inline ? pattern.slice(inline[0].length) : pattern, flags);
  } catch {
    return undefined;
  }
}

function applyInterceptors(text: string, interceptors: readonly string[]): string {
  let out = text;
  for (const i of interceptors) {
    const [name, ...args] = i.split(/\s+/);
    if (name === 'REPLACE') {
      const m = /^REPLACE\s+(\S+)(?:\s(.*))?$/.exec(i);
      const re = m ? rustRegex(m[1]!) : undefined;
      if (m && re) out = out.replace(re, (m[2] ?? '').trim());
    } else if (name === 'SORT_RESULT') {
      const head = Number(args[0] ?? 0);
      const tail = Number(args[1] ?? 0);
      const lines = out.split('\n');
      if (lines.length > head + tail) {
        const mid = lines.slice(head, lines.length - tail).sort();
        out = [...lines.slice(0, head), ...mid, ...lines.slice(lines.length - tail)].join('\n');
      }
    }
  }
  return out;
}

const errorCode = (expect: string) => /^Error: (\d+)\(/.exec(expect)?.[1];

/** Runs every statement of a case in order on a fresh store, as one client connection would (USE and SET time_zone persist). */
export async function runCase(c: PortedCase): Promise<StatementResult[]> {
  const home = mkdtempSync(join(tmpdir(), 'sluice-sqlness-'));
  const store = await openLmdbStore({ dataHome: home, noSync: true, ttlSweepIntervalMs: 0 });
  const engine = createQueryEngine(store);
  let db = 'public';
  let timezone: string | undefined;
  const results: StatementResult[] = [];
  try {
    for (const [index, st] of c.statements.entries()) {
      const interceptors = st.interceptors ?? [];
      const mysql = interceptors.includes('PROTOCOL MYSQL');
      let out: StatementOutput | undefined;
      let err: { code?: number; message?: string } | undefined;
      try {
        const outs = await engine.executeSql(st.sql, { db, ...(timezone ? { timezone } : {}) });
        out = outs[outs.length - 1];
        const use = /^\s*use\s+("?)([^";\s]+)\1\s*$/i.exec(st.sql);
        if (use) db = use[2]!;
        // The session's time zone, as `USE`'s database, lasts for the statements after it.
        const tz = /^\s*set\s+(?:@@(?:session\.)?)?time_?zone\s*(?:=|to)\s*'([^']*)'\s*$/i.exec(st.sql);
        if (tz) timezone = tz[1]!;
      } catch (e) {
        err = e as { code?: number; message?: string };
      }
      const want = errorCode(st.expect);
      if (err) {
        const code = String(err.code ?? 'none');
        const actual = `Error: ${code}, ${String(err.message).split('\n')[0]}`;
        if (want === code) results.push({ index, pass: true, headerPass: true });
        else if (want) results.push({ index, pass: false, headerPass: false, reason: `error code ${code} instead of ${want}`, actual });
        else results.push({ index, pass: false, headerPass: false, reason: reasonOf(err), actual });
        continue;
      }
      if (!out) {
        results.push({ index, pass: false, headerPass: false, reason: 'no output' });
        continue;
      }
      if (want) {
        results.push({ index, pass: false, headerPass: false, reason: `no error (expected ${want})`, actual: renderOutput(out, { mysql }) });
        continue;
      }
      const headers = expectedHeaders(st.expect);
      const own = applyInterceptors(renderOutput(out, { mysql }), interceptors);
      const headerPass = own === st.expect;
      let pass = headerPass;
      if (!pass && out.kind === 'records' && headers && headers.length === out.columns.length) {
        pass = applyInterceptors(renderOutput(out, { headers, mysql }), interceptors) === st.expect;
      }
      results.push({
        index,
        pass,
        headerPass,
        ...(headerPass ? {} : { actual: own }),
        ...(pass ? {} : { reason: out.kind === 'affected_rows' ? 'affected rows differ' : headers && headers.length !== out.columns.length ? 'column count differs' : 'cells differ', actual: own }),
      });
    }
  } finally {
    await store.close();
    rmSync(home, { recursive: true, force: true });
  }
  return results;
}

/** A short, groupable reason for an unexpected error. */
function reasonOf(err: { code?: number; message?: string }): string {
  const msg = String(err.message ?? err);
  const fn = /(?:unknown|Unknown) function:? '?([A-Za-z0-9_]+)/.exec(msg);
  if (fn) return `unknown function ${fn[1]!.toLowerCase()}`;
  if (/syntax error/.test(msg)) return `parse: ${msg.replace(/^SQL syntax error at line \d+, column \d+: /, '').slice(0, 60)}`;
  return `error ${err.code}: ${msg.slice(0, 70)}`;
}
