import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Rng } from '../support/random.js';

/** A generated request body with the headers that describe (or misdescribe) it. */
export interface FuzzBody {
  readonly kind: string;
  readonly body: Uint8Array | string | undefined;
  readonly contentType?: string;
  readonly contentEncoding?: string;
}

const enc = (s: string) => Buffer.from(s, 'utf8');
const MB = 1 << 20;

/**
 * Compression bombs: tiny on the wire, past any body limit once inflated. Built once, by `prepareBodies()`
 * before the run: building them holds the fuzzing process several seconds (brotli), which its /health probe
 * would otherwise count as the server's latency.
 */
let bombs: { gzip: Buffer; deflate: Buffer; br: Buffer } | undefined;
export function prepareBodies(): void {
  if (bombs !== undefined) return;
  const zeros = Buffer.alloc(96 * MB);
  bombs = { gzip: gzipSync(zeros, { level: 9 }), deflate: deflateSync(zeros, { level: 9 }), br: brotliCompressSync(Buffer.alloc(8 * MB)) };
}
function bomb(rnd: Rng): FuzzBody {
  prepareBodies();
  const b = bombs!;
  const which = rnd.pick(['gzip', 'deflate', 'br'] as const);
  return { kind: `bomb/${which}`, body: b[which], contentType: rnd.pick(['application/json', 'text/plain', 'application/x-protobuf']), contentEncoding: which };
}

const deep = (n: number, open: string, close: string, inner = '1') => open.repeat(n) + inner + close.repeat(n);
const HUGE_NUMBERS = ['1e999999', '-1e400', '123456789012345678901234567890123456789', '0.' + '0'.repeat(5000) + '1', '-0', '1'.repeat(20000), 'NaN', 'Infinity'];
const ABSURD_TIMES = [-1e20, 9.3e18, 1e300, -1, 0, '9999-99-99T99:99:99Z', '0000-00-00', '2024-02-30T25:61:61Z', '+275760-09-13T00:00:00.001Z', '1e999', '', 'yesterday'];
const BAD_UTF8 = [Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from([0xc3, 0x28]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf4, 0x90, 0x80, 0x80]), Buffer.from([0xe2, 0x82])];

function jsonish(rnd: Rng): string {
  const v = rnd.int(16);
  switch (v) {
    case 0: return '{"a":';
    case 1: return '[{"message":"x"},';
    case 2: return `{"message": ${rnd.pick(HUGE_NUMBERS)}}`;
    case 3: return deep(rnd.pick([130, 3000, 100_000]), '{"a":', '}');
    case 4: return deep(rnd.pick([130, 3000, 100_000]), '[', ']');
    case 5: return JSON.stringify({ ts: rnd.pick(ABSURD_TIMES), message: 'x', service_timestamp: rnd.pick(ABSURD_TIMES) });
    case 6: return `{"message":"nul\\u0000byte","k\\u0000":1}`;
    case 7: return JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])));
    case 8: return JSON.stringify(Array.from({ length: 2000 }, () => ({ message: 'm', n: rnd.int(1e9) })));
    case 9: return '[1, "two", null, true]';
    case 10: return '{"a":1,"a":"dup","__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}';
    case 11: return '"just a string"';
    case 12: return '{"message": "' + 'x'.repeat(rnd.pick([1000, 300_000])) + '"}';
    case 13: return '{"a": 1}}}}';
    case 14: return '\ufeff{"bom": true}';
    default: return JSON.stringify({ message: rnd.pick(['', ' ', '\t', '🦀'.repeat(1000)]), level: rnd.int(5), nested: { a: [1, { b: null }] } });
  }
}

function sqlish(rnd: Rng): string {
  switch (rnd.int(15)) {
    case 13: return rnd.pick([
      'SELECT a.message FROM fuzz_canary a JOIN fuzz_canary b ON a.host = b.host JOIN fuzz_canary c ON b.host = c.host ORDER BY a.message DESC',
      'SELECT host, count(*) FROM fuzz_canary GROUP BY host ORDER BY repeat(host, 1000000)',
      "TQL EVAL (0, 100000000, '1s') sum(rate(fuzz_canary[5m]))",
      'SELECT * FROM fuzz_canary ORDER BY message LIMIT 9223372036854775807',
    ]);
    case 0: return 'SELECT ' + deep(rnd.pick([50, 300, 3000]), '(', ')');
    case 1: return 'SELECT ' + Array.from({ length: rnd.pick([100, 5000]) }, () => '1').join(' + ');
    case 2: return "SELECT '" + 'a'.repeat(rnd.pick([1000, 1_000_000])) + "'";
    case 3: return 'SELECT * FROM ' + 't'.repeat(rnd.pick([300, 5000]));
    case 4: return 'SELECT 1; '.repeat(rnd.pick([2, 500]));
    case 5: return "SELECT * FROM fuzz_canary WHERE message LIKE '" + '%a'.repeat(8) + "%b'";
    case 6: return 'SELECT ' + rnd.pick(HUGE_NUMBERS) + ', ' + rnd.pick(HUGE_NUMBERS) + ' * 2';
    case 7: return "SELECT * FROM fuzz_canary WHERE ts > '" + rnd.pick(ABSURD_TIMES) + "'";
    case 8: return 'CREATE TABLE ' + 'x'.repeat(rnd.pick([10, 3000])) + ' (ts TIMESTAMP TIME INDEX, ' + Array.from({ length: rnd.pick([3, 3000]) }, (_, i) => `c${i} DOUBLE`).join(', ') + ')';
    case 9: return 'INSERT INTO fuzz_scratch VALUES ' + Array.from({ length: 50 }, () => `(${rnd.pick(['1', '-1', '9223372036854775808', "'x'", 'NULL'])}, ${rnd.pick(HUGE_NUMBERS)})`).join(',');
    case 10: return 'SELEC FROM WHERE ((( ,,, ;;; \u0000 \'unterminated';
    case 11: return "SELECT CAST('x' AS " + rnd.pick(['TIMESTAMP', 'BIGINT', 'JSON', 'NOTATYPE', 'DOUBLE']) + ')';
    case 12: return 'SELECT ' + Array.from({ length: 40 }, () => rnd.pick(['now()', 'abs(', ')', 'count(*)', 'CASE', 'WHEN', 'END', 'NULL', "'x'", '::', '||', '%', '/', '0'])).join(' ');
    default: return rnd.pick(['SHOW TABLES', 'SHOW DATABASES', 'DESC TABLE nope', 'DROP TABLE nope', 'USE nope', "SHOW TABLES LIKE '%%%%%%%%a'", 'TQL EVAL (0, 1, 1) up', '']);
  }
}

function yamlish(rnd: Rng): string {
  switch (rnd.int(12)) {
    case 10: return 'processors:\n  - vrl:\n      source: |\n        xs = split("a" * ' + rnd.pick(['3000', '100000', '16777216', '99999999999']) + ', "")\n        n = 0\n        for_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { n = n + 1 } }\n        .n = n\n        .\n';
    case 11: return 'dispatcher:\n  field: message\n  rules:\n' + '    - value: ' + rnd.pick(['x', 'a', '']) + '\n      table_suffix: ' + rnd.pick(['_x', '', '/../../etc', 'x'.repeat(3000)]) + '\n      pipeline: ' + rnd.pick(['nope', 'service_identity', 'x'.repeat(3000), 'fuzz']) + '\n';
    case 0: return 'processors: [';
    case 1: return 'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n';
    case 2: return deep(rnd.pick([100, 2000]), '[', ']');
    case 3: return 'processors:\n  - vrl:\n      source: |\n        ' + rnd.pick(['.x = ', '.a = parse_json!(.m', 'if {', '.x = 1 +', 'abort', '.x = upcase(.y', '$$$']) + '\n';
    case 4: return 'processors:\n  - regex:\n      field: message\n      patterns: ["' + rnd.pick(['(?<a>(', '(?<z>(.*a){20})', '[', '\\\\', '(?<x>a++)']) + '"]\n';
    case 5: return 'processors:\n  - dissect:\n      field: message\n      patterns: ["' + rnd.pick(['%{', '%{a}%{b}', '%{?', '%{+a/999999}']) + '"]\n';
    case 6: return 'processors:\n  - date:\n      field: ts\n      formats: ["' + rnd.pick(['%Q%Q%Q', '%', '%Y-%m-%d %H:%M:%S%.9f%z']) + '"]\ntransform:\n  - field: ts\n    type: time\n    index: timestamp\n';
    case 7: return 'transform:\n  - fields: [a]\n    type: ' + rnd.pick(['notatype', 'epoch', 'uint64', '{}']) + '\n';
    case 8: return '\t\tprocessors:\n\t- x';
    default: return 'processors: []\nunknown_key: 1\n' + 'x: y\n'.repeat(rnd.pick([1, 10000]));
  }
}

function multipartish(rnd: Rng): FuzzBody {
  const b = 'zzBoundary';
  const bodies = [
    'garbage without any boundary',
    `--${b}\r\nContent-Disposition: form-data; name="sql"\r\n\r\nSELECT 1\r\n`,
    `--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.yaml"\r\nContent-Type: application/x-yaml\r\n\r\n${yamlish(rnd)}\r\n--${b}--\r\n`,
    `--${b}\r\n\r\n\r\n--${b}--`,
  ];
  const boundary = rnd.pick([`; boundary=${b}`, '', '; boundary=', '; boundary=other']);
  return { kind: 'multipart', body: rnd.pick(bodies), contentType: `multipart/form-data${boundary}` };
}

function bytes(rnd: Rng, n: number): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = rnd.int(256);
  return out;
}

/** One malformed body, picked across the generators (JSON, NDJSON, text, YAML, SQL, forms, binary, bombs). */
export function fuzzBody(rnd: Rng): FuzzBody {
  const k = rnd.int(100);
  if (k < 22) return { kind: 'json', body: jsonish(rnd), contentType: rnd.pick(['application/json', 'application/json; charset=utf-8', 'application/x-ndjson']) };
  if (k < 30) return { kind: 'ndjson', body: Array.from({ length: rnd.int(20) + 1 }, () => jsonish(rnd)).join('\n'), contentType: rnd.pick(['application/x-ndjson', 'application/json']) };
  if (k < 36) return { kind: 'invalid-utf8', body: Buffer.concat([enc('{"message":"'), rnd.pick(BAD_UTF8), enc('"}\n'), rnd.pick(BAD_UTF8)]), contentType: rnd.pick(['application/json', 'text/plain']) };
  if (k < 42) return { kind: 'text', body: rnd.pick(['a\u0000b\nc', '\r\n\r\n', 'x'.repeat(100_000), '\u2028\u2029', 'line\n'.repeat(20_000)]), contentType: 'text/plain' };
  if (k < 43) return { kind: 'text/10MB-line', body: 'x'.repeat(10 * MB), contentType: rnd.pick(['text/plain', 'application/json']) };
  if (k < 52) return { kind: 'yaml', body: yamlish(rnd), contentType: rnd.pick(['application/x-yaml', 'text/yaml', 'text/plain', '']) };
  if (k < 64) return { kind: 'sql', body: `sql=${encodeURIComponent(sqlish(rnd))}`, contentType: 'application/x-www-form-urlencoded' };
  if (k < 68) return { kind: 'form', body: rnd.pick(['sql=%zz%', '=&=&&&=', 'sql=' + '%41'.repeat(50_000), 'a[b][c]=1&sql']), contentType: 'application/x-www-form-urlencoded' };
  if (k < 74) return multipartish(rnd);
  if (k < 82) return { kind: 'protobuf', body: bytes(rnd, rnd.pick([0, 1, 7, 300, 65_536])), contentType: rnd.pick(['application/x-protobuf', 'application/octet-stream']), contentEncoding: rnd.pick(['snappy', undefined, 'identity']) };
  if (k < 88) {
    const plain = enc(jsonish(rnd));
    const e = rnd.pick(['gzip', 'deflate', 'br', 'zstd', 'snappy', 'x-nonsense', 'gzip, br']);
    const body = e === 'gzip' ? gzipSync(plain).subarray(0, rnd.chance(0.5) ? undefined : 10) : rnd.chance(0.5) ? plain : bytes(rnd, 64);
    return { kind: `encoding/${e}`, body, contentType: 'application/json', contentEncoding: e };
  }
  if (k < 90) return bomb(rnd);
  if (k < 95) return { kind: 'wrong-type', body: jsonish(rnd), contentType: rnd.pick(['image/png', 'application/xml', 'text/html; charset=ebcdic', ';;;', 'application/json; charset=utf-16', 'multipart/mixed']) };
  return { kind: 'empty', body: rnd.pick([undefined, '', ' ', '\n']), ...(rnd.chance(0.5) ? { contentType: 'application/json' } : {}) };
}

/** The SQL generator on its own (for `?sql=` in query strings). */
export const fuzzSql = sqlish;
export const fuzzJson = jsonish;
