/** The longest status line plus headers accepted (ClickHouse's heads are a few hundred bytes). */
const MAX_HEAD = 64 * 1024;
/** The longest chunk-size or trailer line accepted. */
const MAX_LINE = 4096;
const CRLF2 = Buffer.from('\r\n\r\n');

/** A response that does not parse as HTTP/1.x: the connection is unusable afterwards. */
export class HttpProtocolError extends Error {
  override name = 'HttpProtocolError';
}

export interface ResponseHead {
  readonly status: number;
  /** Header names lower-cased; a repeated header's values joined with ", ". */
  readonly headers: ReadonlyMap<string, string>;
  /** False when the server closes the connection after this response (or its body ends at the close). */
  readonly keepAlive: boolean;
}

export interface ResponseSink {
  head(h: ResponseHead): void;
  /** A piece of the (de-chunked) body; the buffer may be a view of the socket's buffer: copy to keep it. */
  body(chunk: Buffer): void;
  end(): void;
}

const enum State {
  Head,
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailers,
  UntilClose,
  Done,
}

/**
 * An HTTP/1.1 response parser fed with the socket's bytes as they arrive (any split): the status line and
 * headers, then a body framed by Content-Length, chunked transfer coding, or the connection's close. One
 * response per parser; bytes after its end are an error (requests are never pipelined).
 */
export class ResponseParser {
  private state = State.Head;
  private pending: Buffer | undefined;
  private line = '';
  private left = 0;

  constructor(private readonly sink: ResponseSink, private readonly method: string = 'POST') {}

  get done(): boolean {
    return this.state === State.Done;
  }

  /** True once the head was parsed (a failure after it is a broken body, not a missing answer). */
  get started(): boolean {
    return this.state !== State.Head;
  }

  feed(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      switch (this.state) {
        case State.Head: {
          const buf = this.pending ? Buffer.concat([this.pending, data.subarray(at)]) : data.subarray(at);
          const end = buf.indexOf(CRLF2);
          if (end < 0) {
            if (buf.length > MAX_HEAD) throw new HttpProtocolError(`response head longer than ${MAX_HEAD} bytes`);
            this.pending = Buffer.from(buf);
            return;
          }
          this.pending = undefined;
          const consumed = end + 4 - (buf.length - (data.length - at));
          at += consumed;
          this.parseHead(buf.toString('latin1', 0, end));
          break;
        }
        case State.Length:
          at = this.emit(data, at);
          if (this.left === 0) this.finish();
          break;
        case State.ChunkSize:
        case State.Trailers: {
          const nl = data.indexOf(10, at);
          const piece = data.toString('latin1', at, nl < 0 ? data.length : nl + 1);
          at = nl < 0 ? data.length : nl + 1;
          this.line += piece;
          if (this.line.length > MAX_LINE) throw new HttpProtocolError('chunk-size or trailer line too long');
          if (nl < 0) break;
          const line = this.line.endsWith('\r\n') ? this.line.slice(0, -2) : this.line.slice(0, -1);
          this.line = '';
          if (this.state === State.Trailers) {
            if (line === '') this.finish();
            break;
          }
          const hex = line.split(';', 1)[0]!.trim();
          if (!/^[0-9a-fA-F]{1,12}$/.test(hex)) throw new HttpProtocolError(`bad chunk size ${JSON.stringify(line.slice(0, 40))}`);
          this.left = parseInt(hex, 16);
          this.state = this.left === 0 ? State.Trailers : State.ChunkData;
          break;
        }
        case State.ChunkData:
          at = this.emit(data, at);
          if (this.left === 0) {
            this.state = State.ChunkEnd;
            this.left = 2;
          }
          break;
        case State.ChunkEnd: {
          // The CRLF after a chunk's data (a bare LF is tolerated, as Node's parser does).
          const c = data[at]!;
          if (this.left === 2 && c === 10) {
            at++;
            this.state = State.ChunkSize;
            break;
          }
          if ((this.left === 2 && c !== 13) || (this.left === 1 && c !== 10)) throw new HttpProtocolError('missing CRLF after a chunk');
          at++;
          if (--this.left === 0) this.state = State.ChunkSize;
          break;
        }
        case State.UntilClose:
          this.sink.body(data.subarray(at));
          return;
        case State.Done:
          throw new HttpProtocolError('bytes after the end of the response');
      }
    }
  }

  /** The connection closed: completes a body that runs to the close, else false (the response is cut short). */
  closed(): boolean {
    if (this.state === State.UntilClose) {
      this.finish();
      return true;
    }
    return this.state === State.Done;
  }

  /** Hands on up to `left` body bytes from `at`; the position after them. */
  private emit(data: Buffer, at: number): number {
    const n = Math.min(this.left, data.length - at);
    this.sink.body(data.subarray(at, at + n));
    this.left -= n;
    return at + n;
  }

  private finish(): void {
    this.state = State.Done;
    this.sink.end();
  }

  private parseHead(text: string): void {
    const lines = text.split('\r\n');
    const m = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/.exec(lines[0]!);
    if (!m) throw new HttpProtocolError(`bad status line ${JSON.stringify(lines[0]!.slice(0, 60))}`);
    const status = Number(m[2]);
    const headers = new Map<string, string>();
    for (let i = 1; i < lines.length; i++) {
      const l = lines[i]!;
      const colon = l.indexOf(':');
      if (colon <= 0) throw new HttpProtocolError(`bad header line ${JSON.stringify(l.slice(0, 60))}`);
      const name = l.slice(0, colon).trim().toLowerCase();
      const value = l.slice(colon + 1).trim();
      const prev = headers.get(name);
      headers.set(name, prev === undefined ? value : `${prev}, ${value}`);
    }
    // An interim response (100 Continue): its head is skipped and the real one follows.
    if (status >= 100 && status < 200) return;
    const conn = headers.get('connection')?.toLowerCase() ?? '';
    let keepAlive = m[1] === '1' ? !conn.includes('close') : conn.includes('keep-alive');
    const te = headers.get('transfer-encoding')?.toLowerCase();
    const cl = headers.get('content-length');
    if (this.method === 'HEAD' || status === 204 || status === 304) this.state = State.Done;
    else if (te !== undefined && te.split(',').some((t) => t.trim() === 'chunked')) this.state = State.ChunkSize;
    else if (cl !== undefined) {
      if (!/^\d{1,15}$/.test(cl)) throw new HttpProtocolError(`bad Content-Length ${JSON.stringify(cl.slice(0, 40))}`);
      this.left = Number(cl);
      this.state = this.left === 0 ? State.Done : State.Length;
    } else {
      this.state = State.UntilClose;
      keepAlive = false;
    }
    this.sink.head({ status, headers, keepAlive });
    if (this.state === State.Done) this.sink.end();
  }
}
