import { IANAZone } from 'luxon';
import { TimeZoneError } from './errors.js';

/** `offsetForLocal` results that are not offsets. */
export const LOCAL_GAP = 1e12;
export const LOCAL_AMBIGUOUS = 2e12;

/**
 * A time zone: a fixed offset or an IANA zone whose offsets come from luxon (the runtime's tz data).
 * Offsets are seconds east of UTC. Local-to-UTC answers are cached per local hour.
 */
export interface TimeZone {
  readonly name: string;
  readonly fixed: boolean;
  /** Offset in effect at a UTC instant (milliseconds since the epoch). */
  offsetAtUtc(utcMs: number): number;
  /**
   * Offset that turns the wall-clock time `localMs` (milliseconds, read as if UTC) into UTC, or
   * LOCAL_GAP when that local time does not exist (DST gap) or LOCAL_AMBIGUOUS when it exists twice.
   */
  offsetForLocal(localMs: number): number;
  /** A short name for `%Z`: `UTC`, `EST`, `GMT+1`, or the offset of a fixed zone. */
  abbreviation(utcMs: number): string;
}

const HOUR = 3_600_000;

function formatOffset(sec: number): string {
  const sign = sec < 0 ? '-' : '+';
  const a = Math.abs(sec);
  return `${sign}${String(Math.floor(a / 3600)).padStart(2, '0')}:${String(Math.floor((a % 3600) / 60)).padStart(2, '0')}`;
}

function fixedZone(name: string, offsetSec: number): TimeZone {
  const abbr = offsetSec === 0 ? 'UTC' : formatOffset(offsetSec);
  return {
    name,
    fixed: true,
    offsetAtUtc: () => offsetSec,
    offsetForLocal: () => offsetSec,
    abbreviation: () => abbr,
  };
}

export const UTC: TimeZone = fixedZone('UTC', 0);

class IanaTimeZone implements TimeZone {
  readonly fixed = false;
  private readonly hours = new Map<number, number>();
  private readonly utcHours = new Map<number, number>();

  constructor(
    readonly name: string,
    private readonly zone: IANAZone,
  ) {}

  private luxonOffset(utcMs: number): number {
    return Math.round(this.zone.offset(utcMs) * 60);
  }

  /** Cached per UTC hour when the offset is the same at both ends of the hour (no transition inside). */
  offsetAtUtc(utcMs: number): number {
    const hour = Math.floor(utcMs / HOUR);
    const hit = this.utcHours.get(hour);
    if (hit !== undefined) return hit;
    const start = this.luxonOffset(hour * HOUR);
    if (start !== this.luxonOffset(hour * HOUR + HOUR - 1)) return this.luxonOffset(utcMs);
    if (this.utcHours.size > 50_000) this.utcHours.clear();
    this.utcHours.set(hour, start);
    return start;
  }

  /** Every offset o with offsetAtUtc(local - o) === o, searched among the offsets around `localMs`. */
  private solve(localMs: number): number {
    let found = LOCAL_GAP;
    const tried: number[] = [];
    for (const probe of [localMs - 36 * HOUR, localMs, localMs + 36 * HOUR]) {
      const o = this.offsetAtUtc(probe);
      if (tried.includes(o)) continue;
      tried.push(o);
      if (this.offsetAtUtc(localMs - o * 1000) !== o) continue;
      if (found !== LOCAL_GAP) return LOCAL_AMBIGUOUS;
      found = o;
    }
    return found;
  }

  offsetForLocal(localMs: number): number {
    const hour = Math.floor(localMs / HOUR);
    const hit = this.hours.get(hour);
    if (hit !== undefined) return hit;
    const start = hour * HOUR;
    const a = this.solve(start);
    const b = this.solve(start + HOUR - 1);
    if (a === b && a < LOCAL_GAP) {
      // The whole local hour maps with one offset: cache it (bounded).
      if (this.hours.size > 50_000) this.hours.clear();
      this.hours.set(hour, a);
      return a;
    }
    return this.solve(localMs);
  }

  abbreviation(utcMs: number): string {
    const o = this.offsetAtUtc(utcMs);
    if (o === 0 && /^(Etc\/)?(UTC|UCT|GMT|Zulu|Universal)$/i.test(this.name)) return 'UTC';
    return this.zone.offsetName(utcMs, { format: 'short', locale: 'en-US' }) ?? formatOffset(o);
  }
}

const zones = new Map<string, TimeZone>();

/** Parses `+08:00`, `-0530`, `+8`, `UTC+8`, `GMT-03:30` into seconds, or undefined. */
function parseFixedOffset(text: string): number | undefined {
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(text);
  if (!m) return undefined;
  const h = Number(m[2]);
  const min = m[3] === undefined ? 0 : Number(m[3]);
  if (h > 23 || min > 59) return undefined;
  return (m[1] === '-' ? -1 : 1) * (h * 3600 + min * 60);
}

/** Resolves a zone name once (cached); throws TimeZoneError for an unknown name. */
export function resolveTimeZone(name: string | undefined): TimeZone {
  if (name === undefined) return UTC;
  const key = name.trim();
  const hit = zones.get(key);
  if (hit) return hit;
  let zone: TimeZone;
  if (/^(UTC|Z|GMT)$/i.test(key)) zone = UTC;
  else {
    const fixed = parseFixedOffset(key);
    if (fixed !== undefined) zone = fixedZone(key, fixed);
    else {
      const iana = IANAZone.create(key);
      if (!iana.isValid || key === '') throw new TimeZoneError(name);
      zone = new IanaTimeZone(key, iana);
    }
  }
  zones.set(key, zone);
  return zone;
}
