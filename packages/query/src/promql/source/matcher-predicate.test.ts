import { describe, expect, it } from 'vitest';
import { matcherPredicate } from './matcher-predicate.js';

describe('matcherPredicate', () => {
  it('maps each matcher to a store predicate that keeps what the matcher keeps (missing label = "")', () => {
    expect(matcherPredicate({ name: 'job', op: '=', value: 'api' })).toEqual({ column: 'job', op: '=', value: 'api' });
    expect(matcherPredicate({ name: 'job', op: '=', value: '' })).toEqual({ column: 'job', op: 'regex', value: '' });
    expect(matcherPredicate({ name: 'job', op: '!=', value: 'a.b(' })).toEqual({ column: 'job', op: 'not_regex', value: 'a\\.b\\(' });
    expect(matcherPredicate({ name: 'job', op: '=~', value: 'a|b' })).toEqual({ column: 'job', op: 'regex', value: 'a|b' });
    expect(matcherPredicate({ name: 'job', op: '!~', value: '.+' })).toEqual({ column: 'job', op: 'not_regex', value: '.+' });
  });
});
