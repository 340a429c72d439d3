import { SluiceError, StatusCode } from '@sluice/pipeline-core';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A parsed level filter such as `info,storage=debug`: a default level and per-target overrides. */
export interface LogFilter {
  readonly defaultLevel: LogLevel;
  readonly targets: ReadonlyMap<string, LogLevel>;
  readonly text: string;
}

function toLevel(word: string, whole: string): LogLevel {
  const w = word.trim().toLowerCase();
  const level = w === 'off' ? 'silent' : w === 'warning' ? 'warn' : w;
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new SluiceError(StatusCode.InvalidArguments, `invalid log filter '${whole}': unknown level '${word.trim()}' (use ${LOG_LEVELS.join(', ')}, off)`);
  }
  return level as LogLevel;
}

export function parseLogFilter(text: string): LogFilter {
  const whole = text.trim();
  if (whole === '') throw new SluiceError(StatusCode.InvalidArguments, 'invalid log filter: empty');
  let defaultLevel: LogLevel = 'info';
  const targets = new Map<string, LogLevel>();
  for (const part of whole.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) {
      defaultLevel = toLevel(part, whole);
      continue;
    }
    const target = part.slice(0, eq).trim();
    if (!/^[A-Za-z_][\w:.-]*$/.test(target)) {
      throw new SluiceError(StatusCode.InvalidArguments, `invalid log filter '${whole}': bad target '${target}'`);
    }
    targets.set(target, toLevel(part.slice(eq + 1), whole));
  }
  return { defaultLevel, targets, text: whole };
}
