import type { Predicate } from '@sluice/storage';
import { RE2JS } from 're2js';
import type { LabelMatcher } from '../ast.js';

/**
 * A label matcher as a store predicate on its tag column, so the store reads only matching series
 * (a remote store filters natively). A missing tag reads as the empty string, as a missing label does
 * in PromQL: `=` with a value maps to `=`, everything else to the store's anchored RE2 `regex` /
 * `not_regex` (which see a missing value as ''), so `{a=""}`, `{a!="x"}` and `{a!~".+"}` keep series
 * without `a`. The engine still tests every series' labels; the predicate only prunes.
 */
export function matcherPredicate(m: LabelMatcher): Predicate | undefined {
  switch (m.op) {
    case '=':
      return m.value === '' ? { column: m.name, op: 'regex', value: '' } : { column: m.name, op: '=', value: m.value };
    case '!=':
      return { column: m.name, op: 'not_regex', value: RE2JS.quote(m.value) };
    case '=~':
      return { column: m.name, op: 'regex', value: m.value };
    case '!~':
      return { column: m.name, op: 'not_regex', value: m.value };
  }
}
