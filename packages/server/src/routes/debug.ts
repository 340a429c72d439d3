import { Hono } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { AppDeps } from '../deps.js';
import { captureCpuProfile, heapSnapshotStream } from '../debug/profiler.js';
import { toFoldedStacks, toTextReport } from '../debug/cpuprofile-text.js';
import { toPprof } from '../debug/cpuprofile-pprof.js';

const MAX_PROFILE_SECONDS = 300;
/** A log filter is a short list of `target=level` directives. */
const MAX_FILTER_BYTES = 4096;

function profileSeconds(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 5;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_PROFILE_SECONDS) {
    throw new SluiceError(StatusCode.InvalidArguments, `invalid seconds '${raw}': expected a number in (0, ${MAX_PROFILE_SECONDS}]`);
  }
  return n;
}

/** `/debug/log_level`, `/debug/enable_trace`, `/debug/prof/cpu`, `/debug/prof/mem`. */
export function createDebugRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/debug/log_level', async (c) => {
    const next = (await c.req.text()).trim();
    if (next.length > MAX_FILTER_BYTES) throw new SluiceError(StatusCode.InvalidArguments, `log filter too long: ${next.length} characters (at most ${MAX_FILTER_BYTES})`);
    const old = deps.logging.setFilter(next);
    deps.logging.forTarget('http').info({ from: old, to: next }, 'log level changed');
    return c.text(`Log Level changed from ${old} to ${next}`);
  });

  app.post('/debug/enable_trace', async (c) => {
    const body = (await c.req.text()).trim().toLowerCase();
    if (body !== 'true' && body !== 'false') {
      throw new SluiceError(StatusCode.InvalidArguments, `invalid body '${body}': expected true or false`);
    }
    deps.tracing.setEnabled(body === 'true');
    return c.text(body === 'true' ? 'trace enabled' : 'trace disabled');
  });

  app.post('/debug/prof/cpu', async (c) => {
    const output = (c.req.query('output') ?? 'proto').toLowerCase();
    if (output !== 'proto' && output !== 'flamegraph' && output !== 'text') {
      throw new SluiceError(StatusCode.InvalidArguments, `invalid output '${output}': expected proto, flamegraph or text`);
    }
    const profile = await captureCpuProfile(profileSeconds(c.req.query('seconds')));
    if (output === 'proto') {
      return c.body(Buffer.from(toPprof(profile)), 200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="sluice-cpu.pb.gz"',
      });
    }
    return c.text(output === 'text' ? toTextReport(profile) : toFoldedStacks(profile));
  });

  app.post('/debug/prof/mem', () =>
    new Response(heapSnapshotStream(), {
      headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="sluice.heapsnapshot"' },
    }),
  );

  return app;
}
