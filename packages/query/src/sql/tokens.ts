import { createToken, Lexer, type TokenType } from 'chevrotain';

/**
 * SQL tokens. Keywords are case-insensitive. Reserved keywords can never be identifiers; soft keywords
 * (category `SoftKeyword`) are keywords only where the grammar asks for them and names elsewhere
 * (`time`, `index`, `first`, `timestamp`, ... are common column names).
 */
export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_$]*/ });
export const SoftKeyword = createToken({ name: 'SoftKeyword', pattern: Lexer.NA });

const reserved: TokenType[] = [];
const soft: TokenType[] = [];

function kw(word: string, isSoft = false): TokenType {
  const t = createToken({
    name: word[0] + word.slice(1).toLowerCase(),
    pattern: new RegExp(`${word}(?![A-Za-z0-9_$])`, 'i'),
    longer_alt: Identifier,
    categories: isSoft ? [SoftKeyword] : [],
  });
  (isSoft ? soft : reserved).push(t);
  return t;
}

// Reserved.
export const Select = kw('SELECT');
export const From = kw('FROM');
export const Where = kw('WHERE');
export const Group = kw('GROUP');
export const By = kw('BY');
export const Having = kw('HAVING');
export const Order = kw('ORDER');
export const Limit = kw('LIMIT');
export const Offset = kw('OFFSET');
export const Distinct = kw('DISTINCT');
export const As = kw('AS');
export const And = kw('AND');
export const Or = kw('OR');
export const Not = kw('NOT');
export const In = kw('IN');
export const Between = kw('BETWEEN');
export const Like = kw('LIKE');
export const ILike = kw('ILIKE');
export const Is = kw('IS');
export const Null = kw('NULL');
export const True = kw('TRUE');
export const False = kw('FALSE');
export const Case = kw('CASE');
export const When = kw('WHEN');
export const Then = kw('THEN');
export const Else = kw('ELSE');
export const End = kw('END');
export const Cast = kw('CAST');
export const Interval = kw('INTERVAL');
export const With = kw('WITH');
export const Union = kw('UNION');
export const All = kw('ALL');
export const Join = kw('JOIN');
export const Inner = kw('INNER');
export const Left = kw('LEFT');
export const Right = kw('RIGHT');
export const Outer = kw('OUTER');
export const On = kw('ON');
export const Cross = kw('CROSS');
export const Create = kw('CREATE');
export const Drop = kw('DROP');
export const Alter = kw('ALTER');
export const Insert = kw('INSERT');
export const Into = kw('INTO');
export const Values = kw('VALUES');
export const Delete = kw('DELETE');
export const Table = kw('TABLE');
export const Default = kw('DEFAULT');
export const Extract = kw('EXTRACT');
export const Asc = kw('ASC');
export const Desc = kw('DESC');

// Soft.
export const Nulls = kw('NULLS', true);
export const First = kw('FIRST', true);
export const Last = kw('LAST', true);
export const Time = kw('TIME', true);
export const Index = kw('INDEX', true);
export const Primary = kw('PRIMARY', true);
export const Key = kw('KEY', true);
export const Databases = kw('DATABASES', true);
export const Database = kw('DATABASE', true);
export const Schemas = kw('SCHEMAS', true);
export const Schema = kw('SCHEMA', true);
export const Tables = kw('TABLES', true);
export const Column = kw('COLUMN', true);
export const Add = kw('ADD', true);
export const SetKw = kw('SET', true);
export const Unset = kw('UNSET', true);
export const Show = kw('SHOW', true);
export const Describe = kw('DESCRIBE', true);
export const Truncate = kw('TRUNCATE', true);
export const If = kw('IF', true);
export const Exists = kw('EXISTS', true);
export const TimestampKw = kw('TIMESTAMP', true);
export const Engine = kw('ENGINE', true);
export const Use = kw('USE', true);
export const Comment = kw('COMMENT', true);
export const Fulltext = kw('FULLTEXT', true);
export const Explain = kw('EXPLAIN', true);
export const Over = kw('OVER', true);
export const Partition = kw('PARTITION', true);
export const Modify = kw('MODIFY', true);
export const Rename = kw('RENAME', true);
export const To = kw('TO', true);
export const After = kw('AFTER', true);
export const Admin = kw('ADMIN', true);
export const Full = kw('FULL', true);
export const Rows = kw('ROWS', true);
export const Range = kw('RANGE', true);
export const Unbounded = kw('UNBOUNDED', true);
export const Preceding = kw('PRECEDING', true);
export const Following = kw('FOLLOWING', true);
export const Current = kw('CURRENT', true);
export const Row = kw('ROW', true);
export const Within = kw('WITHIN', true);
export const Align = kw('ALIGN', true);
export const Fill = kw('FILL', true);

// Written as `'[^']*(?:''[^']*)*'` (not `'(?:[^']|'')*'`): a loop over a plain character class runs
// in constant stack, so a 10 MB literal lexes instead of overflowing the RegExp backtrack stack.
export const QuotedIdentifier = createToken({ name: 'QuotedIdentifier', pattern: /"[^"]*(?:""[^"]*)*"/ });
export const BacktickIdentifier = createToken({ name: 'BacktickIdentifier', pattern: /`[^`]*(?:``[^`]*)*`/ });
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /'[^']*(?:''[^']*)*'/ });
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?/ });

export const DoubleColon = createToken({ name: 'DoubleColon', pattern: /::/ });
export const NotRegexI = createToken({ name: 'NotRegexI', pattern: /!~\*/ });
export const NotRegex = createToken({ name: 'NotRegex', pattern: /!~/ });
export const RegexI = createToken({ name: 'RegexI', pattern: /~\*/ });
export const Regex = createToken({ name: 'Regex', pattern: /~/ });
export const AtAt = createToken({ name: 'AtAt', pattern: /@@/ });
export const Concat = createToken({ name: 'Concat', pattern: /\|\|/ });
export const NotEq = createToken({ name: 'NotEq', pattern: /<>|!=/ });
export const LtEq = createToken({ name: 'LtEq', pattern: /<=/ });
export const GtEq = createToken({ name: 'GtEq', pattern: />=/ });
export const Eq = createToken({ name: 'Eq', pattern: /==|=/ });
export const Lt = createToken({ name: 'Lt', pattern: /</ });
export const Gt = createToken({ name: 'Gt', pattern: />/ });
export const Plus = createToken({ name: 'Plus', pattern: /\+/ });
export const Minus = createToken({ name: 'Minus', pattern: /-/ });
export const Star = createToken({ name: 'Star', pattern: /\*/ });
export const Slash = createToken({ name: 'Slash', pattern: /\// });
export const Percent = createToken({ name: 'Percent', pattern: /%/ });
export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });
export const Dot = createToken({ name: 'Dot', pattern: /\./ });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/ });

const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
const LineComment = createToken({ name: 'LineComment', pattern: /--[^\n\r]*/, group: Lexer.SKIPPED });
const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED });

export const allTokens: TokenType[] = [
  WhiteSpace, LineComment, BlockComment,
  SoftKeyword, ...reserved, ...soft,
  Identifier, QuotedIdentifier, BacktickIdentifier, StringLiteral, NumberLiteral,
  DoubleColon, NotRegexI, NotRegex, RegexI, Regex, AtAt, Concat, NotEq, LtEq, GtEq, Eq, Lt, Gt,
  Plus, Minus, Star, Slash, Percent, LParen, RParen, Comma, Dot, Semicolon,
];

export const sqlLexer = new Lexer(allTokens, { ensureOptimizations: false, positionTracking: 'full' });
