import type { Writable } from 'node:stream';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SKIP = new Set(['level', 'time', 'msg', 'target', 'pid', 'hostname']);

/** Turns pino's JSON lines into `2026-01-01T00:00:00.000Z  INFO server: message key=value` lines. */
export function formatTextLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof o.time === 'number' ? new Date(o.time).toISOString() : '';
  const level = (LEVEL_NAMES[o.level as number] ?? String(o.level)).padStart(5);
  const target = typeof o.target === 'string' ? ` ${o.target}:` : '';
  const extra = Object.entries(o)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return `${time} ${level}${target} ${o.msg ?? ''}${extra ? ' ' + extra : ''}\n`;
}

/** A pino destination that writes text lines to `out`. */
export function textStream(out: { write(s: string): unknown }): { write(s: string): void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line !== '') out.write(formatTextLine(line));
    },
  };
}

export type { Writable };
