import { h, select } from './dom.js';

export interface TimeRange {
  /** Seconds since the epoch. */
  readonly start: number;
  readonly end: number;
}

export const RELATIVE: readonly (readonly [string, string])[] = [
  ['300', 'Last 5 minutes'],
  ['900', 'Last 15 minutes'],
  ['3600', 'Last 1 hour'],
  ['21600', 'Last 6 hours'],
  ['86400', 'Last 24 hours'],
  ['604800', 'Last 7 days'],
  ['2592000', 'Last 30 days'],
  ['custom', 'Custom range'],
];

/** `2026-11-25T09:30` (a datetime-local value, in local time) for seconds since the epoch. */
function localInput(sec: number): string {
  const d = new Date(sec * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export interface TimeRangePicker {
  readonly el: HTMLElement;
  /** The range now (a relative range ends at the current time). */
  range(): TimeRange;
  /** Switches to a custom range (a zoom). */
  set(r: TimeRange): void;
  isRelative(): boolean;
}

/** A range selector: relative ranges, or a custom from/to. `onChange` fires on every change. */
export function timeRangePicker(onChange: () => void, initial = '3600', testid = 'time-range'): TimeRangePicker {
  const kind = select({ testid: `${testid}-select`, 'aria-label': 'Time range' }, RELATIVE, initial);
  const from = h('input', { type: 'datetime-local', step: '1', testid: `${testid}-from`, 'aria-label': 'From' });
  const to = h('input', { type: 'datetime-local', step: '1', testid: `${testid}-to`, 'aria-label': 'To' });
  const custom = h('span', { class: 'custom-range' }, from, ' – ', to);
  const showCustom = () => (custom.style.display = kind.value === 'custom' ? '' : 'none');
  kind.addEventListener('change', () => {
    if (kind.value === 'custom' && from.value === '') {
      const now = Math.floor(Date.now() / 1000);
      from.value = localInput(now - 3600);
      to.value = localInput(now);
    }
    showCustom();
    onChange();
  });
  from.addEventListener('change', onChange);
  to.addEventListener('change', onChange);
  showCustom();
  return {
    el: h('span', { class: 'time-range', testid }, kind, custom),
    range() {
      if (kind.value !== 'custom') {
        const end = Math.floor(Date.now() / 1000);
        return { start: end - Number(kind.value), end };
      }
      return { start: new Date(from.value).getTime() / 1000, end: new Date(to.value).getTime() / 1000 };
    },
    set(r) {
      kind.value = 'custom';
      from.value = localInput(Math.floor(r.start));
      to.value = localInput(Math.ceil(r.end));
      showCustom();
    },
    isRelative: () => kind.value !== 'custom',
  };
}

/** `2026-11-25 09:30:00.123` in UTC for epoch milliseconds. */
export function formatMs(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

/** A bucket width in seconds that gives at most about `buckets` bars over the range, on a round value. */
export function bucketSeconds(r: TimeRange, buckets = 60): number {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800];
  const want = (r.end - r.start) / buckets;
  return steps.find((s) => s >= want) ?? Math.ceil(want / 86400) * 86400;
}
