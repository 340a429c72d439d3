import { describe, expect, it } from 'vitest';
import { compatText } from './lexer-compat.js';
import { parsePromql } from './parse.js';
import { formatExpr } from './format.js';

describe('compatText (Prometheus 2 lexer forms)', () => {
  it('drops a trailing dot of a number, keeping offsets', () => {
    expect(compatText('1./6.').text).toBe('1 /6 ');
    expect(compatText('2.').text).toBe('2 ');
    expect(compatText('1.e3 + 2.E-1').text).toBe('1e03 + 2E-01');
    expect(compatText('x{a="1."} # 2.').text).toBe('x{a="1."} # 2.');
    expect(compatText('1.5 + foo1. ').text).toBe('1.5 + foo1. ');
  });

  it('parses the rewritten forms to the values Prometheus 2 gives them', () => {
    expect(parsePromql('1./4.').expr).toMatchObject({ kind: 'binary', lhs: { value: 1 }, rhs: { value: 4 } });
    expect(parsePromql('1.e3').expr).toEqual({ kind: 'number', value: 1000 });
  });

  it('holt_winters parses under its Prometheus 3 name and keeps the name written', () => {
    const e = parsePromql('holt_winters(x[5m], 0.5, 0.1)').expr;
    expect(e).toMatchObject({ kind: 'call', func: 'holt_winters' });
    expect(formatExpr(e)).toBe('holt_winters(x[5m], 0.5, 0.1)');
    expect(parsePromql('double_exponential_smoothing(x[5m], 0.5, 0.1)').expr).toMatchObject({ func: 'double_exponential_smoothing' });
  });

  it('reports errors at their place in the text as written', () => {
    expect(() => parsePromql('holt_winters(x[5m], 0.5, 0.1) +')).toThrow(/1:3[0-9]/);
    expect(() => parsePromql('holt_winters(x[5m], 0.5, 0.1) +')).not.toThrow(/:4[0-9]|:5[0-9]/);
  });
});
