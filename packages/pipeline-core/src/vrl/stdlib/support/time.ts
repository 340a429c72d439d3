import { TimeFormatError, TimeParseError, TimeZoneError } from '../../../time/errors.js';
import { formatStrftime } from '../../../time/strftime.js';
import { compileStrptime } from '../../../time/strptime.js';
import type { Timestamp } from '../../../value/timestamp.js';
import { VrlFunctionError } from '../function.js';

type Parser = (text: string) => Timestamp;

/**
 * Compiled strptime formats keyed by format and zone. A call site with a literal format compiles it
 * once (the cache lives in the function's `compiled` state); dynamic formats share a bounded cache.
 */
export class StrptimeCache {
  private readonly parsers = new Map<string, Parser>();

  constructor(private readonly limit = 64) {}

  get(format: string, timezone: string | undefined): Parser {
    const key = `${timezone ?? ''}\u0000${format}`;
    let p = this.parsers.get(key);
    if (p === undefined) {
      p = translateTimeErrors(() => compileStrptime(format, { timezone }));
      if (this.parsers.size >= this.limit) this.parsers.clear();
      this.parsers.set(key, p);
    }
    return p;
  }
}

const shared = new StrptimeCache();

export function strptimeCacheOf(compiled: unknown): StrptimeCache {
  return compiled instanceof StrptimeCache ? compiled : shared;
}

/** Parses `text` with a chrono format (through H3's one strptime) or throws a VrlFunctionError. */
export function parseWithFormat(compiled: unknown, text: string, format: string, timezone?: string): Timestamp {
  const parser = strptimeCacheOf(compiled).get(format, timezone);
  return translateTimeErrors(() => parser(text));
}

export function formatWithFormat(t: Timestamp, format: string, timezone?: string): string {
  return translateTimeErrors(() => formatStrftime(t, format, timezone));
}

function translateTimeErrors<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TimeParseError) throw new VrlFunctionError(`unable to parse timestamp: ${e.message}`, { cause: e });
    if (e instanceof TimeFormatError || e instanceof TimeZoneError) throw new VrlFunctionError(e.message, { cause: e });
    throw e;
  }
}
