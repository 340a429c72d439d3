import type { Statement } from './ast/statement.js';
import { parseSql } from './parse.js';
import type { ShapeLimits } from './shape-limits.js';
import { DEFAULT_QUERY_LIMITS } from '../exec/limits.js';

/** Statements of at most this many characters are kept (dashboards repeat short queries; bulk INSERTs are long and rarely repeat). */
export const MAX_CACHED_SQL_LENGTH = 4096;
/** Entries kept (least recently used first out): at most 256 × 4 KiB of SQL text and its syntax trees. */
export const MAX_CACHED_STATEMENTS = 256;

/**
 * Syntax trees by SQL text: a request repeating a statement skips the lexer and parser (chevrotain,
 * ~0.3–0.5 ms per short SELECT, most of a request's fixed cost on the ClickHouse backend). A syntax
 * tree depends only on the text and the shape limits — never on the catalog, the session or the
 * clock (`now()` and TQL times stay expressions, evaluated when a statement runs) — so DDL by this
 * or another server needs no invalidation. Cached trees are deep-frozen: they are shared by
 * concurrent requests, and an executor that tried to change one would throw rather than leak state
 * into the next request. Syntax errors are not cached (they throw each time).
 */
export class ParseCache {
  private readonly entries = new Map<string, readonly Statement[]>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = MAX_CACHED_STATEMENTS,
    private readonly maxSqlLength = MAX_CACHED_SQL_LENGTH,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  parse(sql: string, limits: ShapeLimits = DEFAULT_QUERY_LIMITS): Statement[] {
    if (sql.length > this.maxSqlLength) return parseSql(sql, limits);
    const key = `${limits.maxExprDepth}:${limits.maxExprTerms}:${sql}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.hits++;
      // Most recently used last: delete and set again.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.slice();
    }
    this.misses++;
    const statements = parseSql(sql, limits);
    deepFreeze(statements);
    this.entries.set(key, statements);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return statements.slice();
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Freezes plain objects and arrays reachable from `v` (typed arrays cannot be frozen and are left as they are). */
function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v) || ArrayBuffer.isView(v)) return;
  Object.freeze(v);
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
}

/** The process's cache (each query worker has its own). */
export const parseCache = new ParseCache();

/** `parseSql` through the process's cache. */
export function parseSqlCached(sql: string, limits?: ShapeLimits): Statement[] {
  return parseCache.parse(sql, limits);
}
