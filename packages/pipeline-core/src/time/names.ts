/**
 * Month and weekday names for `%b %B %a %A %p`: English (chrono's) by default, or the names of any
 * locale the JavaScript runtime's Intl knows (the `locale` option of the date processor).
 */
export interface NameTables {
  /** Index 0 = January. */
  readonly monShort: readonly string[];
  readonly monLong: readonly string[];
  /** Index 0 = Monday. */
  readonly wdShort: readonly string[];
  readonly wdLong: readonly string[];
  readonly am: string;
  readonly pm: string;
  /** English names: `%b` reads exactly three letters, as chrono does. */
  readonly english: boolean;
}

export const ENGLISH: NameTables = {
  monShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  monLong: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  wdShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  wdLong: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  am: 'AM',
  pm: 'PM',
  english: true,
};

/** Thrown for a locale the runtime does not know. */
export class UnknownLocaleError extends Error {
  override name = 'UnknownLocaleError';
}

const cache = new Map<string, NameTables>();

function names(locale: string, opts: Intl.DateTimeFormatOptions, dates: number[]): string[] {
  const f = new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' });
  return dates.map((d) => f.format(d).normalize('NFC'));
}

/** The name tables of a BCP 47 locale (`en`, `en_US`, `fr-FR`, `de`); throws UnknownLocaleError. */
export function nameTables(locale: string | undefined): NameTables {
  if (locale === undefined) return ENGLISH;
  const tag = locale.replace(/_/g, '-');
  const hit = cache.get(tag);
  if (hit) return hit;
  let supported: string[];
  try {
    supported = Intl.DateTimeFormat.supportedLocalesOf(tag);
  } catch {
    throw new UnknownLocaleError(`invalid locale '${locale}'`);
  }
  if (supported.length === 0) throw new UnknownLocaleError(`unknown locale '${locale}'`);
  let tables: NameTables;
  if (/^en(-|$)/i.test(tag)) tables = ENGLISH;
  else {
    const months = Array.from({ length: 12 }, (_, m) => Date.UTC(2001, m, 1));
    const days = Array.from({ length: 7 }, (_, d) => Date.UTC(2001, 0, 1 + d)); // 2001-01-01 was a Monday
    const dayPeriod = new Intl.DateTimeFormat(tag, { hour: 'numeric', hour12: true, timeZone: 'UTC' });
    const period = (ms: number) => dayPeriod.formatToParts(ms).find((p) => p.type === 'dayPeriod')?.value ?? '';
    tables = {
      monShort: names(tag, { month: 'short' }, months),
      monLong: names(tag, { month: 'long' }, months),
      wdShort: names(tag, { weekday: 'short' }, days),
      wdLong: names(tag, { weekday: 'long' }, days),
      am: period(Date.UTC(2001, 0, 1, 9)) || 'AM',
      pm: period(Date.UTC(2001, 0, 1, 15)) || 'PM',
      english: false,
    };
  }
  cache.set(tag, tables);
  return tables;
}
