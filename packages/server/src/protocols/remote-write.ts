import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import { WriteRequestType, int64ToNumber, type Int64 } from './prompb.js';

export const METRIC_NAME_LABEL = '__name__';

/** One series of a remote write: labels sorted by name (`__name__` included), samples as sent. */
export interface PromSeries {
  readonly labels: readonly (readonly [string, string])[];
  /** Parallel arrays: sample values (staleness NaNs kept bit for bit) and timestamps in ms. */
  readonly values: Float64Array;
  readonly timestamps: Float64Array;
}

export interface DecodedWriteRequest {
  readonly series: readonly PromSeries[];
  /** Metadata entries (Prometheus sends metadata-only requests about once a minute). */
  readonly metadataCount: number;
  readonly sampleCount: number;
}

interface RawSeries {
  labels?: { name?: string; value?: string }[];
  samples?: { value?: number; timestamp?: Int64 }[];
}

/**
 * Decodes a remote write 1.0 `WriteRequest` (already snappy-decoded). Labels may arrive unsorted
 * (vmagent) and are sorted here; empty label values mean "no label" and are dropped; a series
 * without `__name__`, or with a label twice, is a 400 naming the series' position.
 */
export function decodeRemoteWrite(bytes: Uint8Array): DecodedWriteRequest {
  let msg: { timeseries?: RawSeries[]; metadata?: unknown[] };
  try {
    msg = WriteRequestType.decode(bytes) as unknown as typeof msg;
  } catch (e) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `remote write body is not a valid prometheus.WriteRequest: ${(e as Error).message}`, { cause: e });
  }
  const raw = msg.timeseries ?? [];
  const series: PromSeries[] = new Array(raw.length);
  let sampleCount = 0;
  for (let i = 0; i < raw.length; i++) {
    const ts = raw[i]!;
    const labels: [string, string][] = [];
    for (const l of ts.labels ?? []) {
      const name = l.name ?? '';
      const value = l.value ?? '';
      if (name === '') throw new SluiceError(StatusCode.InvalidArguments, `timeseries[${i}]: label with an empty name`);
      if (value !== '') labels.push([name, value]);
    }
    labels.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (let j = 1; j < labels.length; j++) {
      if (labels[j]![0] === labels[j - 1]![0]) throw new SluiceError(StatusCode.InvalidArguments, `timeseries[${i}]: label '${labels[j]![0]}' appears twice`);
    }
    if (!labels.some((l) => l[0] === METRIC_NAME_LABEL)) {
      throw new SluiceError(StatusCode.InvalidArguments, `timeseries[${i}]: no ${METRIC_NAME_LABEL} label (labels: ${labels.map((l) => l[0]).join(', ') || 'none'})`);
    }
    const samples = ts.samples ?? [];
    const values = new Float64Array(samples.length);
    const timestamps = new Float64Array(samples.length);
    for (let j = 0; j < samples.length; j++) {
      const s = samples[j]!;
      values[j] = s.value ?? 0;
      timestamps[j] = int64ToNumber(s.timestamp);
    }
    sampleCount += samples.length;
    series[i] = { labels, values, timestamps };
  }
  return { series, metadataCount: msg.metadata?.length ?? 0, sampleCount };
}

/** Encodes a WriteRequest (tests, benches and examples; Sluice itself only receives them). */
export function encodeRemoteWrite(series: readonly { labels: Record<string, string>; samples: readonly { value: number; timestamp: number }[] }[]): Uint8Array {
  return WriteRequestType.encode({
    timeseries: series.map((s) => ({ labels: Object.entries(s.labels).map(([name, value]) => ({ name, value })), samples: s.samples })),
  }).finish();
}
