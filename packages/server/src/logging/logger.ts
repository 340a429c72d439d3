import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { parseLogFilter, type LogFilter } from './log-filter.js';
import { textStream } from './text-stream.js';
import type { LogFormat } from '../config/schema.js';

export interface LoggingOptions {
  readonly level: string;
  readonly dir?: string;
  readonly log_format: LogFormat;
  /** Where lines go instead of stdout (tests). */
  readonly stream?: { write(s: string): unknown };
}

/** The server's logging: one root pino logger, child loggers per target, a filter changeable at run time. */
export interface LogControl {
  readonly root: Logger;
  /** The logger for a target (`http`, `ingest`, `storage`, ...); its level follows the filter. */
  forTarget(target: string): Logger;
  filter(): LogFilter;
  /** Replaces the filter; throws a SluiceError (InvalidArguments) on a bad filter. Returns the old text. */
  setFilter(text: string): string;
  /** Writes out what the log file destination still buffers (waits for the file to be open). */
  flush(): Promise<void>;
  /** Flushes and closes the log file (the server's stop); later lines still reach stdout. */
  close(): Promise<void>;
}

export function createLogging(opts: LoggingOptions): LogControl {
  let filter = parseLogFilter(opts.level);
  const streams: { stream: { write(s: string): unknown } }[] = [];
  const wrap = (s: { write(s: string): unknown }) => (opts.log_format === 'text' ? textStream(s) : s);
  streams.push({ stream: wrap(opts.stream ?? pino.destination({ dest: 1, sync: false })) });
  let fileDest: ReturnType<typeof pino.destination> | undefined;
  let fileReady: Promise<void> = Promise.resolve();
  if (opts.dir !== undefined) {
    mkdirSync(opts.dir, { recursive: true });
    const dest = pino.destination({ dest: join(opts.dir, 'sluice.log'), sync: false, mkdir: true });
    fileReady = new Promise((resolve) => {
      dest.once('ready', () => resolve());
      dest.once('error', () => resolve());
    });
    fileDest = dest;
    streams.push({ stream: wrap(dest) });
  }
  const root = pino({ level: 'trace', base: undefined }, pino.multistream(streams.map((s) => ({ ...s, level: 'trace' as const }))));
  root.level = filter.defaultLevel;
  const children = new Map<string, Logger>();
  const levelOf = (target: string) => filter.targets.get(target) ?? filter.defaultLevel;

  return {
    root,
    forTarget(target) {
      let child = children.get(target);
      if (child === undefined) {
        child = root.child({ target });
        child.level = levelOf(target);
        children.set(target, child);
      }
      return child;
    },
    filter: () => filter,
    setFilter(text) {
      const next = parseLogFilter(text);
      const old = filter.text;
      filter = next;
      root.level = next.defaultLevel;
      for (const [target, child] of children) child.level = levelOf(target);
      return old;
    },
    async flush() {
      if (fileDest === undefined) return;
      await fileReady;
      try {
        fileDest.flushSync();
      } catch {
        // the file could not be opened: pino reported it on the destination's 'error'
      }
    },
    async close() {
      await this.flush();
      fileDest?.end();
    },
  };
}
