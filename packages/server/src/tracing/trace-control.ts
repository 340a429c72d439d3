import { BasicTracerProvider, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';

/** Request tracing, switched at run time by `POST /debug/enable_trace`. */
export interface TraceControl {
  readonly enabled: boolean;
  setEnabled(on: boolean): void;
  readonly tracer: Tracer;
  /** Adds a processor for finished spans (an exporter into the server's own trace table, a test sink). */
  addSpanSink(sink: (span: ReadableSpan) => void): void;
  shutdown(): Promise<void>;
}

/** OpenTelemetry spans from a provider of our own (no global registration); finished spans go to the log and sinks. */
export function createTraceControl(log: Logger): TraceControl {
  const sinks: ((span: ReadableSpan) => void)[] = [
    (span) => {
      const ctx = span.spanContext();
      const [s, ns] = span.duration;
      log.info({ trace_id: ctx.traceId, span_id: ctx.spanId, name: span.name, duration_ms: s * 1e3 + ns / 1e6, attributes: span.attributes }, 'span');
    },
  ];
  const processor: SpanProcessor = {
    onStart: () => undefined,
    onEnd: (span) => {
      for (const sink of sinks) sink(span);
    },
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  };
  const provider = new BasicTracerProvider({ spanProcessors: [processor] });
  let enabled = false;
  return {
    get enabled() {
      return enabled;
    },
    setEnabled(on) {
      enabled = on;
    },
    tracer: provider.getTracer('sluice-server'),
    addSpanSink(sink) {
      sinks.push(sink);
    },
    shutdown: () => provider.shutdown(),
  };
}
