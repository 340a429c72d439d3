import { DateTime } from 'luxon';
import { SqlInvalidArgumentError } from '../errors.js';

/**
 * The request's time zone in a form luxon reads: IANA names (`Asia/Shanghai`), `UTC`, and offsets as
 * GreptimeDB accepts them (`+08:00`, `-0530`). Unknown zones are an invalid-argument error.
 */
export function normalizeTimezone(tz: string | undefined): string | undefined {
  if (tz === undefined || tz.trim() === '') return undefined;
  const t = tz.trim();
  const off = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(t);
  const zone = off ? `UTC${off[1]}${off[2]!.padStart(2, '0')}:${off[3] ?? '00'}` : t;
  if (!DateTime.now().setZone(zone).isValid) throw new SqlInvalidArgumentError(`unknown time zone '${tz}' (use an IANA name such as 'Asia/Shanghai' or an offset such as '+08:00')`);
  return zone === 'utc' || zone === 'Z' ? 'UTC' : zone;
}
