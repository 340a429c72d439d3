import { RE2JS } from 're2js';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { LabelMatcher } from '../protocols/remote-read.js';

/** A matcher compiled once: `test(value)` with Prometheus semantics (an absent label is ''). */
export interface CompiledMatcher {
  readonly name: string;
  readonly matcher: LabelMatcher;
  test(value: string): boolean;
}

/** Compiles matchers; regexes are RE2 (linear time), fully anchored and dot-all, as Prometheus's. */
export function compileMatchers(matchers: readonly LabelMatcher[]): CompiledMatcher[] {
  return matchers.map((m) => {
    switch (m.type) {
      case 'EQ':
        return { name: m.name, matcher: m, test: (v: string) => v === m.value };
      case 'NEQ':
        return { name: m.name, matcher: m, test: (v: string) => v !== m.value };
      case 'RE':
      case 'NRE': {
        let re: RE2JS;
        try {
          re = RE2JS.compile(m.value, RE2JS.DOTALL);
        } catch (e) {
          throw new SluiceError(StatusCode.InvalidArguments, `invalid regular expression in matcher ${m.name}${m.type === 'RE' ? '=~' : '!~'}"${m.value}": ${(e as Error).message}`);
        }
        const want = m.type === 'RE';
        return { name: m.name, matcher: m, test: (v: string) => re.matches(v) === want };
      }
    }
  });
}
