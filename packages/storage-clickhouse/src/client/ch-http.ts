import { Readable } from 'node:stream';
import { ClickHouseLogLevel, createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import { StorageError } from '@sluice/storage';

export interface ChHttpOptions {
  /** One or more HTTP endpoints (`http://host:8123`); requests go round-robin and fail over on connection errors. */
  readonly urls: readonly string[];
  readonly user?: string;
  readonly password?: string;
  /** Per-request timeout in ms (default 60 s). */
  readonly requestTimeoutMs?: number;
}

/** A ClickHouse error with the server's numeric code (e.g. 44: column exists, 60: unknown table). */
export class ClickHouseQueryError extends StorageError {
  override name = 'ClickHouseQueryError';
  constructor(readonly chCode: number | undefined, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

const NETWORK = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|socket hang up|Timeout error|other side closed/i;

/**
 * ClickHouse over HTTP through @clickhouse/client (works against 18.16: it sends no settings the old
 * server rejects). Result rows are read as TabSeparated text: 64-bit integers stay exact and 18.16
 * has no JSONCompactEachRow.
 */
export class ChHttp {
  private readonly clients: ClickHouseClient[];
  private next = 0;

  constructor(o: ChHttpOptions) {
    if (o.urls.length === 0) throw new StorageError('ClickHouse: no url configured');
    this.clients = o.urls.map((url) =>
      createClient({
        url,
        ...(o.user !== undefined ? { username: o.user } : {}),
        ...(o.password !== undefined ? { password: o.password } : {}),
        request_timeout: o.requestTimeoutMs ?? 60_000,
        application: 'sluice',
        // A library does not log: failures reach the caller as errors.
        log: { level: ClickHouseLogLevel.OFF },
        // Below 18.16's 3 s server keep-alive, and stale sockets dropped eagerly (fewer resets on reuse).
        keep_alive: { enabled: true, idle_socket_ttl: 1500, eagerly_destroy_stale_sockets: true },
      }),
    );
  }

  get endpoints(): number {
    return this.clients.length;
  }

  /**
   * Runs `f` on one endpoint; on a connection error (refused, reset, timeout) it tries the next endpoint,
   * and one endpoint twice (a reused keep-alive socket may have been closed by the server), unless
   * `once` (INSERTs: their caller checks whether the rows landed before sending them again).
   * ClickHouse errors become ClickHouseQueryError with the server's code.
   */
  private async run<T>(f: (c: ClickHouseClient) => Promise<T>, sql: string, only?: number, once = false): Promise<T> {
    const n = this.clients.length;
    const start = only ?? this.next++ % n;
    const tries = once ? 1 : only === undefined ? Math.max(n, 2) : 2;
    let last: unknown;
    for (let i = 0; i < tries; i++) {
      const c = this.clients[only ?? (start + i) % n]!;
      try {
        return await f(c);
      } catch (e) {
        last = e;
        const msg = e instanceof Error ? e.message : String(e);
        // The client parses modern error texts ("Code: 44. DB::Exception"); 18.16 writes "Code: 44, e.displayText() = ...".
        const code = (e as { code?: unknown }).code;
        const parsed = typeof code === 'string' && /^\d+$/.test(code) ? code : /^Code: (\d+)[,.]/.exec(msg)?.[1];
        if (parsed !== undefined) {
          throw new ClickHouseQueryError(Number(parsed), `ClickHouse: ${msg.split('\n')[0]} (query: ${sql.slice(0, 200)})`, { cause: e });
        }
        if (!NETWORK.test(msg) && !NETWORK.test(String(code))) break;
      }
    }
    const msg = last instanceof Error ? last.message : String(last);
    throw new ClickHouseQueryError(undefined, `ClickHouse unreachable: ${msg}`, { cause: last });
  }

  /** A statement without result (DDL, ALTER, TRUNCATE). `endpoint` pins it to one node. */
  async command(sql: string, endpoint?: number, settings?: ClickHouseSettings): Promise<void> {
    await this.run((c) => c.command({ query: sql, ...(settings ? { clickhouse_settings: settings } : {}) }), sql, endpoint);
  }

  /** The whole TabSeparated result as rows of raw (escaped) fields. */
  async rows(sql: string, settings?: ClickHouseSettings, endpoint?: number): Promise<string[][]> {
    const text = await this.run(async (c) => (await c.query({ query: sql, format: 'TabSeparated', ...(settings ? { clickhouse_settings: settings } : {}) })).text(), sql, endpoint);
    return splitTsv(text);
  }

  /** TabSeparated rows as they arrive (bounded memory for big scans); `signal` aborts the request. */
  async *stream(sql: string, signal?: AbortSignal): AsyncGenerator<string[]> {
    const rs = await this.run((c) => c.query({ query: sql, format: 'TabSeparated', ...(signal ? { abort_signal: signal } : {}) }), sql);
    const s = rs.stream();
    try {
      for await (const batch of s as AsyncIterable<{ text: string }[]>) for (const row of batch) yield row.text.split('\t');
    } finally {
      s.destroy();
    }
  }

  /** `INSERT ... FORMAT TabSeparated` with `body` as the data. */
  async insert(sql: string, body: string, settings?: ClickHouseSettings): Promise<void> {
    await this.run(async (c) => {
      const r = await c.exec({ query: sql, values: Readable.from([Buffer.from(body)]), ...(settings ? { clickhouse_settings: settings } : {}) });
      r.stream.resume();
      await new Promise<void>((res, rej) => {
        r.stream.on('end', res).on('close', res).on('error', rej);
      });
    }, sql, undefined, true);
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}

export function splitTsv(text: string): string[][] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((l) => l.split('\t'));
}
