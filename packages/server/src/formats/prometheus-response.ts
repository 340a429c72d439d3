import { formatPromValue, type PromqlResult } from '@sluice/query';

/**
 * The Prometheus HTTP API's JSON: `{"status":"success","data":...}` and
 * `{"status":"error","errorType":"bad_data","error":"..."}`. Times are seconds with up to three
 * decimals (`1435781451.781`), sample values strings (`"1"`, `"NaN"`, `"+Inf"`), as Prometheus writes them.
 */
export function promTime(ms: number): string {
  const neg = ms < 0;
  const abs = Math.abs(Math.round(ms));
  const secs = Math.floor(abs / 1000);
  const frac = abs % 1000;
  return `${neg ? '-' : ''}${secs}${frac === 0 ? '' : `.${String(frac).padStart(3, '0')}`}`;
}

const point = (t: number, v: number) => `[${promTime(t)},"${formatPromValue(v)}"]`;
const metric = (m: Readonly<Record<string, string>>) => JSON.stringify(m);

/** How long printing runs before it lets other requests in (a matrix may hold millions of points). */
const SLICE_MS = 10;
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A matrix's points: the series of a range query share their step times, so each time is printed once. */
async function matrixJson(result: Extract<PromqlResult, { resultType: 'matrix' }>['result']): Promise<string> {
  const times = new Map<number, string>();
  const parts: string[] = [];
  let sliceStart = performance.now();
  for (let j = 0; j < result.length; j++) {
    const s = result[j]!;
    const pts: string[] = new Array<string>(s.times.length);
    for (let i = 0; i < s.times.length; i++) {
      const t = s.times[i]!;
      let ts = times.get(t);
      if (ts === undefined) {
        ts = promTime(t);
        if (times.size < 100_000) times.set(t, ts);
      }
      pts[i] = `[${ts},"${formatPromValue(s.values[i]!)}"]`;
    }
    parts.push(`{"metric":${metric(s.metric)},"values":[${pts.join(',')}]}`);
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return `[${parts.join(',')}]`;
}

/** The `data` of a query answer; yields to the event loop while printing a large matrix. */
export async function promResultJson(r: PromqlResult): Promise<string> {
  let result: string;
  switch (r.resultType) {
    case 'matrix':
      result = await matrixJson(r.result);
      break;
    case 'vector':
      result = `[${r.result.map((s) => `{"metric":${metric(s.metric)},"value":${point(s.value[0], s.value[1])}}`).join(',')}]`;
      break;
    case 'scalar':
      result = point(r.result[0], r.result[1]);
      break;
    case 'string':
      result = `[${promTime(r.result[0])},${JSON.stringify(r.result[1])}]`;
      break;
  }
  return `{"resultType":"${r.resultType}","result":${result}}`;
}

export function promSuccess(dataJson: string): string {
  return `{"status":"success","data":${dataJson}}`;
}

export function promErrorBody(errorType: string, message: string): string {
  return JSON.stringify({ status: 'error', errorType, error: message });
}
