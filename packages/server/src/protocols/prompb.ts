import protobuf from 'protobufjs';

/**
 * The parts of Prometheus's `prompb` (remote write 1.0 and remote read) that Sluice reads and writes.
 * Field numbers as in prometheus/prompb/{types,remote}.proto (checked by decoding real Prometheus
 * 2.42 traffic). Exemplars and histograms (native) are parsed so that they are skipped cleanly.
 */
const PROMPB = `
syntax = "proto3";
package prometheus;
message Label { string name = 1; string value = 2; }
message Sample { double value = 1; int64 timestamp = 2; }
message Exemplar { repeated Label labels = 1; double value = 2; int64 timestamp = 3; }
message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; repeated Exemplar exemplars = 3; }
message MetricMetadata { int32 type = 1; string metric_family_name = 2; string help = 4; string unit = 5; }
message WriteRequest { repeated TimeSeries timeseries = 1; repeated MetricMetadata metadata = 3; }
message LabelMatcher { int32 type = 1; string name = 2; string value = 3; }
message ReadHints { int64 step_ms = 1; string func = 2; int64 start_ms = 3; int64 end_ms = 4; repeated string grouping = 5; bool by = 6; int64 range_ms = 7; }
message Query { int64 start_timestamp_ms = 1; int64 end_timestamp_ms = 2; repeated LabelMatcher matchers = 3; ReadHints hints = 4; }
message ReadRequest { repeated Query queries = 1; repeated int32 accepted_response_types = 2; }
message QueryResult { repeated TimeSeries timeseries = 1; }
message ReadResponse { repeated QueryResult results = 1; }
`;

const root = protobuf.parse(PROMPB, { keepCase: false }).root;

export const WriteRequestType = root.lookupType('prometheus.WriteRequest');
export const ReadRequestType = root.lookupType('prometheus.ReadRequest');
export const ReadResponseType = root.lookupType('prometheus.ReadResponse');

/** An int64 as protobufjs decodes it (a `Long` when long.js is present, else a number). */
export type Int64 = number | { toNumber(): number } | null | undefined;

export function int64ToNumber(v: Int64): number {
  if (v === null || v === undefined) return 0;
  return typeof v === 'number' ? v : v.toNumber();
}
