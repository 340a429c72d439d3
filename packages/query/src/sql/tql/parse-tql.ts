import type { TqlStatement } from '../ast/statement.js';
import { SqlSyntaxError } from '../errors.js';

/** Splits `a, 'b,c', now()` on top-level commas. */
function splitParams(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let cur = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/**
 * GreptimeDB's `TQL EVAL|EXPLAIN (start, end, step[, lookback]) <PromQL>`: the PromQL is the rest of the
 * statement (it is not SQL, so it never reaches the SQL lexer). Undefined when the text is not TQL.
 */
export function parseTql(sql: string): TqlStatement | undefined {
  const m = /^\s*tql\s+(eval|evaluate|explain|analyze)\s*\(/i.exec(sql);
  if (!m) return undefined;
  const open = m[0].length - 1;
  let depth = 0;
  let quote: string | undefined;
  let close = -1;
  for (let i = open; i < sql.length && close < 0; i++) {
    const ch = sql[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) close = i;
  }
  const line = sql.slice(0, open).split('\n').length;
  if (close < 0) throw new SqlSyntaxError(line, open + 1, 'TQL: unclosed parameter list, expected (start, end, step)');
  const params = splitParams(sql.slice(open + 1, close));
  if (params.length < 3 || params.length > 4 || params.some((p) => p === '')) {
    throw new SqlSyntaxError(line, open + 1, `TQL: expected (start, end, step[, lookback]), got ${params.length} parameter(s)`);
  }
  const query = sql.slice(close + 1).trim().replace(/;\s*$/, '').trim();
  if (query === '') throw new SqlSyntaxError(line, close + 2, 'TQL: missing the PromQL expression after the parameters');
  const mode = m[1]!.toLowerCase();
  return {
    kind: 'tql',
    mode: mode === 'explain' ? 'explain' : mode === 'analyze' ? 'analyze' : 'eval',
    start: params[0]!,
    end: params[1]!,
    step: params[2]!,
    ...(params[3] !== undefined ? { lookback: params[3] } : {}),
    query,
  };
}
