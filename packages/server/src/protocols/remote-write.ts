import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import { WriteRequestType } from './prompb.js';
import { BytesCache } from './remote-write-labels.js';
import { WriteRequestReader } from './remote-write-reader.js';

export const METRIC_NAME_LABEL = '__name__';

/** One series of a remote write: labels sorted by name (`__name__` included), samples as sent. */
export interface PromSeries {
  readonly labels: readonly (readonly [string, string])[];
  /** The `__name__` label's value. */
  readonly metric: string;
  /** `labels` without `__name__`. */
  readonly tags: readonly (readonly [string, string])[];
  /** The names of `tags` joined by NUL. */
  readonly names: string;
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

/** A series' checked labels, shared by every request that sends the same label bytes. */
interface LabelSet {
  readonly labels: readonly (readonly [string, string])[];
  readonly metric: string;
  readonly tags: readonly (readonly [string, string])[];
  readonly names: string;
}

/** Sorts, drops empty values and checks one series' labels (names it by position on error). */
function checkLabels(i: number, raw: [string, string][]): LabelSet {
  const labels: [string, string][] = [];
  for (const [name, value] of raw) {
    if (name === '') throw new SluiceError(StatusCode.InvalidArguments, `timeseries[${i}]: label with an empty name`);
    if (value !== '') labels.push([name, value]);
  }
  labels.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let j = 1; j < labels.length; j++) {
    if (labels[j]![0] === labels[j - 1]![0]) throw new SluiceError(StatusCode.InvalidArguments, `timeseries[${i}]: label '${labels[j]![0]}' appears twice`);
  }
  const name = labels.find((l) => l[0] === METRIC_NAME_LABEL);
  if (name === undefined) {
    throw new SluiceError(StatusCode.InvalidArguments, `timeseries[${i}]: no ${METRIC_NAME_LABEL} label (labels: ${labels.map((l) => l[0]).join(', ') || 'none'})`);
  }
  const tags = labels.filter((l) => l !== name);
  return { labels, metric: name[1], tags, names: tags.map((l) => l[0]).join('\u0000') };
}

/** Checked label sets by their wire bytes (at most twice this many kept: a few hundred bytes each). */
const labelCache = new BytesCache<LabelSet>(16_384);

const reader = new WriteRequestReader();

/**
 * Decodes a remote write 1.0 `WriteRequest` (already snappy-decoded). Labels may arrive unsorted
 * (vmagent) and are sorted here; empty label values mean "no label" and are dropped; a series
 * without `__name__`, or with a label twice, is a 400 naming the series' position.
 */
export function decodeRemoteWrite(bytes: Uint8Array): DecodedWriteRequest {
  // A series' label set: cached (by its wire bytes), or its position in `fresh` (decoded, checked after the read).
  const sets: (LabelSet | number)[] = [];
  const fresh: { labels: [string, string][]; from: number; to: number }[] = [];
  const ranges: number[] = [];
  let metadataCount = 0;
  let samples: { values: Float64Array; timestamps: Float64Array };
  try {
    samples = reader.read(bytes, {
      series(labelsFrom, labelsTo, from, to) {
        ranges.push(from, to);
        const hit = labelsTo < 0 ? undefined : labelCache.get(reader.bytes, labelsFrom, labelsTo);
        if (hit !== undefined) sets.push(hit);
        else {
          sets.push(fresh.length);
          fresh.push({ labels: reader.labels(), from: labelsFrom, to: labelsTo });
        }
      },
      metadata() {
        metadataCount++;
      },
    });
  } catch (e) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `remote write body is not a valid prometheus.WriteRequest: ${(e as Error).message}`, { cause: e });
  }
  const buf = reader.bytes;
  const series: PromSeries[] = new Array(sets.length);
  for (let i = 0; i < sets.length; i++) {
    let set = sets[i]!;
    if (typeof set === 'number') {
      const f = fresh[set]!;
      set = checkLabels(i, f.labels);
      if (f.to >= 0) labelCache.set(buf, f.from, f.to, set);
    }
    const from = ranges[2 * i]!;
    const to = ranges[2 * i + 1]!;
    series[i] = { labels: set.labels, metric: set.metric, tags: set.tags, names: set.names, values: samples.values.subarray(from, to), timestamps: samples.timestamps.subarray(from, to) };
  }
  return { series, metadataCount, sampleCount: samples.values.length };
}

/** Encodes a WriteRequest (tests, benches and examples; Sluice itself only receives them). */
export function encodeRemoteWrite(series: readonly { labels: Record<string, string>; samples: readonly { value: number; timestamp: number }[] }[]): Uint8Array {
  return WriteRequestType.encode({
    timeseries: series.map((s) => ({ labels: Object.entries(s.labels).map(([name, value]) => ({ name, value })), samples: s.samples })),
  }).finish();
}
