import { describe, expect, it } from 'vitest';
import { HttpProtocolError, ResponseParser, type ResponseHead } from './http1-response.js';

interface Parsed {
  head?: ResponseHead;
  body: string;
  ended: boolean;
}

/** Feeds `wire` to a parser in the given pieces (byte offsets where a new piece starts). */
function parse(wire: string | Buffer, cuts: readonly number[] = [], method = 'POST'): { out: Parsed; parser: ResponseParser } {
  const bytes = typeof wire === 'string' ? Buffer.from(wire, 'latin1') : wire;
  const out: Parsed = { body: '', ended: false };
  const chunks: Buffer[] = [];
  const parser = new ResponseParser({ head: (h) => (out.head = h), body: (b) => chunks.push(Buffer.from(b)), end: () => (out.ended = true) }, method);
  let from = 0;
  for (const at of [...cuts, bytes.length]) {
    if (at > from) parser.feed(bytes.subarray(from, at));
    from = Math.max(from, at);
  }
  out.body = Buffer.concat(chunks).toString('utf8');
  return { out, parser };
}

const CHUNKED = 'HTTP/1.1 200 OK\r\nDate: x\r\nTransfer-Encoding: chunked\r\nX-ClickHouse-Summary: {"read_rows":"1"}\r\n\r\n5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n';

describe('ResponseParser', () => {
  it('reads a chunked body split at every byte', () => {
    for (let cut = 0; cut <= CHUNKED.length; cut++) {
      const { out } = parse(CHUNKED, [cut]);
      expect(out, `cut at ${cut}`).toMatchObject({ body: 'hello, world', ended: true });
      expect(out.head!.status).toBe(200);
      expect(out.head!.keepAlive).toBe(true);
      expect(out.head!.headers.get('x-clickhouse-summary')).toBe('{"read_rows":"1"}');
    }
  });

  it('reads a Content-Length body split at every pair of bytes, and one of 0 bytes', () => {
    const wire = 'HTTP/1.1 500 Internal Server Error\r\nContent-Length: 27\r\nX-ClickHouse-Exception-Code: 60\r\n\r\nCode: 60, e.displayText() x';
    for (let a = 0; a < wire.length; a += 3) {
      for (let b = a; b <= wire.length; b += 5) {
        const { out } = parse(wire, [a, b]);
        expect(out).toMatchObject({ body: 'Code: 60, e.displayText() x', ended: true });
        expect(out.head!.status).toBe(500);
      }
    }
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n').out).toMatchObject({ body: '', ended: true });
  });

  it('reads large chunked bodies in random pieces byte-exactly (UTF-8 split inside characters)', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    for (let round = 0; round < 20; round++) {
      const parts: string[] = [];
      for (let i = 0; i < 30; i++) parts.push('é\t☃\n'.repeat(rand(400)) + 'x'.repeat(rand(3000)));
      const wire = Buffer.concat([
        Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'),
        ...parts.flatMap((p) => {
          const b = Buffer.from(p);
          return b.length === 0 ? [] : [Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')];
        }),
        Buffer.from('0\r\n\r\n'),
      ]);
      const cuts = Array.from({ length: 40 }, () => rand(wire.length)).sort((x, y) => x - y);
      expect(parse(wire, cuts).out).toMatchObject({ body: parts.join(''), ended: true });
    }
  });

  it('runs a body without length to the close, and says so for keep-alive', () => {
    const { out, parser } = parse('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it');
    expect(out.ended).toBe(false);
    expect(out.head!.keepAlive).toBe(false);
    expect(parser.closed()).toBe(true);
    expect(out).toMatchObject({ body: 'all of it', ended: true });
    expect(parse('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok').out.head!.keepAlive).toBe(false);
    expect(parse('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok').out.head!.keepAlive).toBe(true);
  });

  it('tells a response cut short from a complete one', () => {
    const cut = parse('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
    expect(cut.parser.closed()).toBe(false);
    const chunked = parse('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel');
    expect(chunked.parser.started).toBe(true);
    expect(chunked.parser.closed()).toBe(false);
    expect(parse('HTTP/1.1 200 OK\r\nContent-').parser.started).toBe(false);
  });

  it('skips an interim 100 Continue head; 204 and HEAD have no body', () => {
    expect(parse('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok', [10, 30]).out).toMatchObject({ body: 'ok', ended: true, head: { status: 200 } });
    expect(parse('HTTP/1.1 204 No Content\r\n\r\n').out).toMatchObject({ body: '', ended: true });
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n', [], 'HEAD').out).toMatchObject({ body: '', ended: true });
  });

  it('refuses malformed responses with a protocol error', () => {
    const bad = [
      'HTTP/2 200 OK\r\n\r\n',
      'SSH-2.0-OpenSSH\r\n\r\n',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXY',
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA',
      `HTTP/1.1 200 OK\r\nX: ${'a'.repeat(70_000)}`,
      `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${'1'.repeat(5000)}`,
    ];
    for (const wire of bad) expect(() => parse(wire), wire.slice(0, 60)).toThrow(HttpProtocolError);
  });
});
