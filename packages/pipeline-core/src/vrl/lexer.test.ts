import { describe, expect, it } from 'vitest';
import { VrlSyntaxError } from './diagnostics.js';
import { lex } from './lexer.js';

const names = (src: string) => lex(src).map((t) => t.tokenType.name);

describe('lex', () => {
  it('keeps a newline between statements and collapses runs of them', () => {
    expect(names('.a = 1\n\n\n.b')).toEqual(['PathField', 'Assign', 'IntegerLiteral', 'Newline', 'PathField']);
  });

  it('drops newlines inside parentheses and brackets, after operators and before closers', () => {
    expect(names('f(\n1,\n2\n)')).not.toContain('Newline');
    expect(names('[\n1\n]')).not.toContain('Newline');
    expect(names('1 +\n2')).not.toContain('Newline');
    expect(names('{\n"a": 1\n}')).not.toContain('Newline');
    expect(names('if x {\n1\n}\nelse {\n2\n}')).toEqual(['If', 'Identifier', 'LCurly', 'IntegerLiteral', 'RCurly', 'Else', 'LCurly', 'IntegerLiteral', 'RCurly']);
  });

  it('keeps newlines between statements of a block', () => {
    expect(names('{\n.a = 1\n.b = 2\n}').filter((n) => n === 'Newline')).toHaveLength(1);
  });

  it('skips comments and tells keywords from identifiers', () => {
    expect(names('# c\niffy = true # t')).toEqual(['Identifier', 'Assign', 'True']);
  });

  it('lexes paths, quoted paths, the root, literals and longest operators first', () => {
    expect(names('. .a ."b c" 1.5 7 s\'x\' r\'y\' t\'z\' ?? || |= | != ! -> <=')).toEqual([
      'Dot', 'PathField', 'PathQuoted', 'FloatLiteral', 'IntegerLiteral', 'RawString', 'RegexLiteral', 'TimestampLiteral',
      'Coalesce', 'Or', 'MergeAssign', 'Pipe', 'NotEq', 'Bang', 'Arrow', 'LessEq',
    ]);
  });

  it('reports an unknown character with its line and column', () => {
    try {
      lex('.a = 1\n.b = @');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(VrlSyntaxError);
      expect((e as VrlSyntaxError).line).toBe(2);
      expect((e as VrlSyntaxError).column).toBe(6);
      expect((e as VrlSyntaxError).vrlCode).toBe('E203');
    }
  });
});
