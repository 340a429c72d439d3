import { createToken, Lexer, type TokenType } from 'chevrotain';

// Every VRL token. Order matters: chevrotain tries patterns in this order (longer operators first).

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r]+/, group: Lexer.SKIPPED });
export const Comment = createToken({ name: 'Comment', pattern: /#[^\n]*/, group: Lexer.SKIPPED });
/** Statement separators. Newlines inside brackets or after an operator are dropped by `lex()`. */
export const Separator = createToken({ name: 'Separator', pattern: Lexer.NA });
export const Newline = createToken({ name: 'Newline', pattern: /\n/, line_breaks: true, categories: [Separator] });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/, categories: [Separator] });

// Literals (strings may span lines).
export const RawString = createToken({ name: 'RawString', pattern: /s'(?:[^'\\]|\\[\s\S])*'/, line_breaks: true });
export const RegexLiteral = createToken({ name: 'RegexLiteral', pattern: /r'(?:[^'\\]|\\[\s\S])*'/, line_breaks: true });
export const TimestampLiteral = createToken({ name: 'TimestampLiteral', pattern: /t'[^']*'/ });
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\]|\\[\s\S])*"/, line_breaks: true });
export const FloatLiteral = createToken({ name: 'FloatLiteral', pattern: /\d+(?:_\d+)*\.\d+(?:[eE][+-]?\d+)?/ });
export const IntegerLiteral = createToken({ name: 'IntegerLiteral', pattern: /\d+(?:_\d+)*/ });

// Paths: `.field`, `."quoted field"`, and the bare root `.`.
export const PathField = createToken({ name: 'PathField', pattern: /\.[a-zA-Z0-9_@$]+/ });
export const PathQuoted = createToken({ name: 'PathQuoted', pattern: /\."(?:[^"\\]|\\.)*"/ });
export const Dot = createToken({ name: 'Dot', pattern: /\./ });

export const Identifier = createToken({ name: 'Identifier', pattern: /[a-zA-Z_][a-zA-Z0-9_]*/ });
const keyword = (name: string, word: string): TokenType =>
  createToken({ name, pattern: new RegExp(word), longer_alt: Identifier });
export const If = keyword('If', 'if');
export const Else = keyword('Else', 'else');
export const True = keyword('True', 'true');
export const False = keyword('False', 'false');
export const Null = keyword('Null', 'null');
export const Abort = keyword('Abort', 'abort');
export const Return = keyword('Return', 'return');

// Binary operator categories, one per precedence level (see precedence.ts).
export const MergeOp = createToken({ name: 'MergeOp', pattern: Lexer.NA });
export const CoalesceOp = createToken({ name: 'CoalesceOp', pattern: Lexer.NA });
export const LogicalOp = createToken({ name: 'LogicalOp', pattern: Lexer.NA });
export const EqualityOp = createToken({ name: 'EqualityOp', pattern: Lexer.NA });
export const ComparisonOp = createToken({ name: 'ComparisonOp', pattern: Lexer.NA });
export const AdditiveOp = createToken({ name: 'AdditiveOp', pattern: Lexer.NA });
export const MultiplicativeOp = createToken({ name: 'MultiplicativeOp', pattern: Lexer.NA });

export const Arrow = createToken({ name: 'Arrow', pattern: /->/ });
export const Coalesce = createToken({ name: 'Coalesce', pattern: /\?\?/, categories: [CoalesceOp] });
export const Or = createToken({ name: 'Or', pattern: /\|\|/, categories: [LogicalOp] });
export const MergeAssign = createToken({ name: 'MergeAssign', pattern: /\|=/ });
export const Pipe = createToken({ name: 'Pipe', pattern: /\|/, categories: [MergeOp] });
export const And = createToken({ name: 'And', pattern: /&&/, categories: [LogicalOp] });
export const EqEq = createToken({ name: 'EqEq', pattern: /==/, categories: [EqualityOp] });
export const NotEq = createToken({ name: 'NotEq', pattern: /!=/, categories: [EqualityOp] });
export const LessEq = createToken({ name: 'LessEq', pattern: /<=/, categories: [ComparisonOp] });
export const GreaterEq = createToken({ name: 'GreaterEq', pattern: />=/, categories: [ComparisonOp] });
export const Less = createToken({ name: 'Less', pattern: /</, categories: [ComparisonOp] });
export const Greater = createToken({ name: 'Greater', pattern: />/, categories: [ComparisonOp] });
export const Assign = createToken({ name: 'Assign', pattern: /=/ });
export const Bang = createToken({ name: 'Bang', pattern: /!/ });
export const Plus = createToken({ name: 'Plus', pattern: /\+/, categories: [AdditiveOp] });
export const Minus = createToken({ name: 'Minus', pattern: /-/, categories: [AdditiveOp] });
export const Star = createToken({ name: 'Star', pattern: /\*/, categories: [MultiplicativeOp] });
export const Slash = createToken({ name: 'Slash', pattern: /\//, categories: [MultiplicativeOp] });
export const Percent = createToken({ name: 'Percent', pattern: /%/, categories: [MultiplicativeOp] });

export const Comma = createToken({ name: 'Comma', pattern: /,/ });
export const Colon = createToken({ name: 'Colon', pattern: /:/ });
export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const LBracket = createToken({ name: 'LBracket', pattern: /\[/ });
export const RBracket = createToken({ name: 'RBracket', pattern: /\]/ });
export const LCurly = createToken({ name: 'LCurly', pattern: /\{/ });
export const RCurly = createToken({ name: 'RCurly', pattern: /\}/ });

export const ALL_TOKENS: TokenType[] = [
  WhiteSpace, Comment, Separator, Newline, Semicolon,
  RawString, RegexLiteral, TimestampLiteral, StringLiteral, FloatLiteral, IntegerLiteral,
  PathQuoted, PathField, Dot,
  If, Else, True, False, Null, Abort, Return, Identifier,
  MergeOp, CoalesceOp, LogicalOp, EqualityOp, ComparisonOp, AdditiveOp, MultiplicativeOp,
  Arrow, Coalesce, Or, MergeAssign, Pipe, And, EqEq, NotEq, LessEq, GreaterEq, Less, Greater, Assign, Bang,
  Plus, Minus, Star, Slash, Percent,
  Comma, Colon, LParen, RParen, LBracket, RBracket, LCurly, RCurly,
];
