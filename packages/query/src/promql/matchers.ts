import { RE2JS } from 're2js';
import type { LabelMatcher } from './ast.js';
import { PromqlError } from './errors.js';
import { StatusCode } from '@sluice/pipeline-core';

/** A label matcher compiled once: regexes are fully anchored and run by re2js (linear time, no backtracking). */
export interface CompiledMatcher extends LabelMatcher {
  test(value: string): boolean;
}

const cache = new Map<string, RE2JS>();

export function compileRegex(source: string): RE2JS {
  let re = cache.get(source);
  if (re) return re;
  try {
    re = RE2JS.compile(`^(?:${source})$`);
  } catch (e) {
    throw new PromqlError(StatusCode.InvalidArguments, 'bad_data', `invalid regular expression ${JSON.stringify(source)}: ${(e as Error).message}`);
  }
  if (cache.size > 1000) cache.clear();
  cache.set(source, re);
  return re;
}

export function compileMatcher(m: LabelMatcher): CompiledMatcher {
  switch (m.op) {
    case '=': return { ...m, test: (v) => v === m.value };
    case '!=': return { ...m, test: (v) => v !== m.value };
    case '=~': {
      const re = compileRegex(m.value);
      return { ...m, test: (v) => re.matches(v) };
    }
    case '!~': {
      const re = compileRegex(m.value);
      return { ...m, test: (v) => !re.matches(v) };
    }
  }
}

/** The literal alternatives of a regex such as `a|b|c` (for an `IN` predicate), or undefined. */
export function regexAlternatives(source: string): string[] | undefined {
  if (!/^[A-Za-z0-9_\-:/ ]+(\|[A-Za-z0-9_\-:/ ]+)*$/.test(source)) return undefined;
  return source.split('|');
}
