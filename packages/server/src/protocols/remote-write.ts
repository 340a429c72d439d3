import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import { WriteRequestType } from './prompb.js';
import { readWriteRequest } from './remote-write-reader.js';

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

/** Sorts, drops empty values and checks one series' labels (names it by position on error). */
function checkLabels(i: number, raw: [string, string][]): [string, string][] {
  const labels: [string, string][] = [];
  for (const [name, value] of raw) {
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
  return labels;
}

/**
 * Decodes a remote write 1.0 `WriteRequest` (already snappy-decoded). Labels may arrive unsorted
 * (vmagent) and are sorted here; empty label values mean "no label" and are dropped; a series
 * without `__name__`, or with a label twice, is a 400 naming the series' position.
 */
export function decodeRemoteWrite(bytes: Uint8Array): DecodedWriteRequest {
  // Samples go straight to typed arrays: a JS array of doubles would rewrite the staleness marker's
  // NaN payload (V8 quiets signalling NaNs stored in packed double arrays).
  const raw: { labels: [string, string][]; values: Float64Array; timestamps: Float64Array; n: number }[] = [];
  let cur: (typeof raw)[number] | undefined;
  let metadataCount = 0;
  let sampleCount = 0;
  try {
    readWriteRequest(bytes, {
      series() {
        cur = { labels: [], values: new Float64Array(4), timestamps: new Float64Array(4), n: 0 };
        raw.push(cur);
      },
      label(name, value) {
        cur!.labels.push([name, value]);
      },
      sample(value, ts) {
        const c = cur!;
        if (c.n === c.values.length) {
          const values = new Float64Array(c.n * 2);
          const timestamps = new Float64Array(c.n * 2);
          values.set(c.values);
          timestamps.set(c.timestamps);
          c.values = values;
          c.timestamps = timestamps;
        }
        c.values[c.n] = value;
        c.timestamps[c.n++] = ts;
        sampleCount++;
      },
      metadata() {
        metadataCount++;
      },
    });
  } catch (e) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `remote write body is not a valid prometheus.WriteRequest: ${(e as Error).message}`, { cause: e });
  }
  const series: PromSeries[] = raw.map((r, i) => ({ labels: checkLabels(i, r.labels), values: r.values.subarray(0, r.n), timestamps: r.timestamps.subarray(0, r.n) }));
  return { series, metadataCount, sampleCount };
}

/** Encodes a WriteRequest (tests, benches and examples; Sluice itself only receives them). */
export function encodeRemoteWrite(series: readonly { labels: Record<string, string>; samples: readonly { value: number; timestamp: number }[] }[]): Uint8Array {
  return WriteRequestType.encode({
    timeseries: series.map((s) => ({ labels: Object.entries(s.labels).map(([name, value]) => ({ name, value })), samples: s.samples })),
  }).finish();
}
