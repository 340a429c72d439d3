// Prometheus remote write into Sluice with the npm `prometheus-remote-write` client, then reads the
// samples back two ways: SQL over the metric table, and Prometheus remote read (what a Prometheus with
// `remote_read` pointed at Sluice sends). Fixed timestamps, so running it twice prints the same.
// Usage: SLUICE_URL=http://127.0.0.1:4000 node examples/prometheus-otlp/remote-write-read.mjs
import { pushTimeseries } from 'prometheus-remote-write';
import protobuf from 'protobufjs';
import SnappyJS from 'snappyjs';

const url = process.env.SLUICE_URL ?? 'http://127.0.0.1:4000';
const T = Date.UTC(2026, 0, 1); // 2026-01-01T00:00:00Z

const series = ['a', 'b'].map((host, i) => ({
  labels: { __name__: 'example_requests_total', host, job: 'example' },
  samples: Array.from({ length: 5 }, (_, k) => ({ value: (i + 1) * 100 + k, timestamp: T + k * 15_000 })),
}));
const pushed = await pushTimeseries(series, { url: `${url}/v1/metricsapi/write?db=public`, fetch: globalThis.fetch, timeout: 5000 });
console.log('remote write:', pushed.status);

const sql = async (q) => (await (await fetch(`${url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: q, format: 'table' }) })).text()).trimEnd();
console.log(await sql('SELECT host, job, service_value, service_timestamp FROM example_requests_total ORDER BY host, service_timestamp'));

// Remote read: the prompb ReadRequest / ReadResponse, snappy block-compressed both ways.
const root = protobuf.parse(`syntax = "proto3";
message Label { string name = 1; string value = 2; } message Sample { double value = 1; int64 timestamp = 2; }
message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; }
message LabelMatcher { int32 type = 1; string name = 2; string value = 3; }
message Query { int64 start_timestamp_ms = 1; int64 end_timestamp_ms = 2; repeated LabelMatcher matchers = 3; }
message ReadRequest { repeated Query queries = 1; repeated int32 accepted_response_types = 2; }
message QueryResult { repeated TimeSeries timeseries = 1; } message ReadResponse { repeated QueryResult results = 1; }`).root;
const ReadRequest = root.lookupType('ReadRequest');
const ReadResponse = root.lookupType('ReadResponse');
const query = { startTimestampMs: T, endTimestampMs: T + 30_000, matchers: [{ type: 2, name: '__name__', value: 'example_.*' }, { type: 0, name: 'host', value: 'b' }] };
const res = await fetch(`${url}/v1/metricsapi/read?db=public`, {
  method: 'POST',
  body: SnappyJS.compress(ReadRequest.encode({ queries: [query], acceptedResponseTypes: [0] }).finish()),
  headers: { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', 'x-prometheus-remote-read-version': '0.1.0' },
});
const answer = ReadResponse.toObject(ReadResponse.decode(SnappyJS.uncompress(new Uint8Array(await res.arrayBuffer()))), { longs: Number });
console.log('remote read:', res.status, JSON.stringify(answer.results[0].timeseries));
