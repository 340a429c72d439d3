import { describe, expect, it } from 'vitest';
import { Timestamp } from '../value/timestamp.js';
import { VrlCompileError, VrlRuntimeError, VrlSyntaxError } from './diagnostics.js';
import { compileVrl } from './index.js';
import { VrlFunctionError, type VrlFunction } from './stdlib/function.js';

const ctx = { now: new Timestamp(0n) };
const run = (src: string, event: Record<string, unknown> = {}) => compileVrl(src).run(event as never, ctx);
const codeOf = (src: string): string => {
  try {
    compileVrl(src);
  } catch (e) {
    if (e instanceof VrlCompileError) return e.vrlCode;
    throw e;
  }
  return 'compiled';
};

describe('compileVrl', () => {
  it('returns the last expression and the event', () => {
    const out = run('.b = 2\n.a', { a: 1 });
    expect(out.result).toBe(1);
    expect(out.event).toEqual({ a: 1, b: 2 });
  });

  it('compiles once and runs many events independently', () => {
    const p = compileVrl('x = .n\n.n = x * 2 ?? 0\n.');
    expect(p.run({ n: 1 }, ctx).result).toEqual({ n: 2 });
    expect(p.run({ n: 5 }, ctx).result).toEqual({ n: 10 });
    expect(p.run({ n: true }, ctx).result).toEqual({ n: 0 });
  });

  it('requires every fallible expression to be handled (E100, E103) and accepts !, ?? and ok/err', () => {
    expect(codeOf('.a + 1')).toBe('E100');
    expect(codeOf('.x = .a + 1')).toBe('E103');
    expect(codeOf('.x = (.a + 1) ?? 0')).toBe('compiled');
    expect(codeOf('.x, .e = .a + 1')).toBe('compiled');
    expect(codeOf('.x = to_int!(.a)')).toBe('compiled');
  });

  it('infers types from literals, assignments and coercions', () => {
    expect(codeOf('.s = "a"\n.t = .s + "b"')).toBe('compiled');
    expect(codeOf('.s = string!(.m)\n.t = upcase(.s)')).toBe('compiled');
    expect(codeOf('.t = upcase(.m)')).toBe('E103');
    expect(codeOf('n = 1\nn = n + 1')).toBe('compiled');
  });

  it('checks names and arity of calls', () => {
    expect(codeOf('nope()')).toBe('E105');
    expect(codeOf('upcase("a", "b")')).toBe('E106');
    expect(codeOf('split("a")')).toBe('E107');
    expect(codeOf('upcase(text: "a")')).toBe('E108');
    expect(codeOf('upcase!("a")')).toBe('E620');
    expect(codeOf('upcase(parse_json("1"))')).toBe('E630');
    expect(codeOf('x')).toBe('E701');
    expect(codeOf('if .a { 1 }')).toBe('E102');
    expect(codeOf('"a" ?? "b"')).toBe('E651');
  });

  it('suggests the closest function, variable or keyword for a typo', () => {
    expect(() => compileVrl('upcsae("a")')).toThrow("did you mean 'upcase'?");
    expect(() => compileVrl('count = 1\ncuont + 1')).toThrow("did you mean 'count'?");
    expect(() => compileVrl('split("a", patern: ",")')).toThrow("did you mean 'pattern'?");
  });

  it('puts the code, line, column and a snippet in compile errors', () => {
    try {
      compileVrl('.a = 1\n.b = upcase(.c)\n');
      expect.unreachable();
    } catch (e) {
      const err = e as VrlCompileError;
      expect(err.vrlCode).toBe('E103');
      expect(err.line).toBe(2);
      expect(err.column).toBe(6);
      expect(err.snippet).toBe('2 | .b = upcase(.c)\n  |      ^^^^^^^^^^');
      expect(err.code).toBe(1004);
    }
  });

  it('aborts with VrlRuntimeError for abort and a failed f!() call, keeping the message', () => {
    expect(() => run('abort')).toThrow(VrlRuntimeError);
    expect(() => run('abort "no"')).toThrow('no');
    try {
      run('to_int!(.v)', { v: [1] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(VrlRuntimeError);
      expect((e as VrlRuntimeError).aborted).toBe(false);
      expect((e as Error).message).toContain('function call error for "to_int" at (0:11)');
    }
  });

  it('runs closures with their parameters as local variables', () => {
    expect(run('s = 0\nfor_each([1, 2, 3]) -> |i, v| { s = s + i + v }\ns').result).toBe(9);
    expect(run('s = 0\nfor_each(array!(.a)) -> |_i, v| { s = s + int!(v) }\ns', { a: [4, 5] }).result).toBe(9);
    expect(run('map_keys({"a": 1}) -> |k| { upcase(k) }').result).toEqual({ A: 1 });
    expect(codeOf('for_each([1]) -> |v| { v }')).toBe('E120');
    expect(codeOf('upcase("a") -> |v| { v }')).toBe('E120');
    expect(codeOf('for_each([1])')).toBe('E120');
  });

  it('compiles static arguments once and rejects non-literal ones (E400)', () => {
    let prepared = 0;
    const repeat: VrlFunction = {
      name: 'repeat_text',
      summary: 'test',
      params: [
        { name: 'value', kinds: ['bytes'], required: true },
        { name: 'times', kinds: ['integer'], required: true, static: true },
      ],
      returns: ['bytes'],
      fallible: false,
      examples: [],
      compile: (args) => {
        prepared++;
        if (typeof args['times'] !== 'number' || args['times'] < 0) throw new VrlFunctionError('times must be a non-negative integer');
        return args['times'];
      },
      call: (args, _ctx, times) => String(args['value']).repeat(times as number),
    };
    const p = compileVrl('repeat_text("ab", times: 2)', { functions: [repeat] });
    expect(p.run({}, ctx).result).toBe('abab');
    expect(p.run({}, ctx).result).toBe('abab');
    expect(prepared).toBe(1);
    expect(() => compileVrl('repeat_text("ab", times: .n)', { functions: [repeat] })).toThrow('must be a literal');
    expect(() => compileVrl('repeat_text("ab", -1)', { functions: [repeat] })).toThrow('E400');
    expect(() => compileVrl('repeat_text("ab", 2)')).toThrow('E105');
  });

  it('never aliases containers between paths and variables', () => {
    const out = run('x = .a\nx.b = 2\n.c = x\n.c.d = 3\n.', { a: { b: 1 } });
    expect(out.result).toEqual({ a: { b: 1 }, c: { b: 2, d: 3 } });
  });

  it('turns absurd nesting into a syntax error and deep input into a runtime error', () => {
    expect(() => compileVrl('('.repeat(20_000) + '1' + ')'.repeat(20_000))).toThrow(VrlSyntaxError);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(() => run('x = .a\nx', deep)).toThrow(VrlRuntimeError);
  });

  it('keeps i64 integers exact and wraps on overflow', () => {
    expect(run('9223372036854775807 + 1').result).toBe(-9223372036854775808n);
    expect(run('9007199254740992 + 1').result).toBe(9007199254740993n);
    expect(run('2 * 3').result).toBe(6);
  });
});
