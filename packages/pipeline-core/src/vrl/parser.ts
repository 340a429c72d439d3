import { CstParser, tokenMatcher, type CstNode, type IToken } from 'chevrotain';
import { PRECEDENCE } from './precedence.js';
import * as T from './tokens.js';

/**
 * VRL's grammar as a chevrotain CstParser: grammar only, no semantics (to-ast.ts builds the AST).
 * Binary levels are generated from PRECEDENCE; their rules are named `<level>Expr`.
 */
export class VrlParser extends CstParser {
  constructor() {
    super(T.ALL_TOKENS, { maxLookahead: 3, recoveryEnabled: false, nodeLocationTracking: 'full' });
    this.levels = [];
    for (let i = PRECEDENCE.length - 1; i >= 0; i--) {
      const level = PRECEDENCE[i]!;
      const next = i === PRECEDENCE.length - 1 ? this.unary : this.levels[0]!;
      const rule = this.RULE(`${level.name}Expr`, () => {
        this.SUBRULE(next, { LABEL: 'operands' });
        this.MANY(() => {
          this.CONSUME(level.category, { LABEL: 'operators' });
          this.SUBRULE2(next, { LABEL: 'operands' });
        });
      });
      this.levels.unshift(rule);
    }
    this.performSelfAnalysis();
  }

  private levels: ((idx?: number) => CstNode)[];

  program = this.RULE('program', () => {
    this.SUBRULE(this.statements);
  });

  statements = this.RULE('statements', () => {
    this.MANY(() => this.CONSUME(T.Separator));
    this.OPTION(() => {
      this.SUBRULE(this.statement);
      this.MANY2(() => {
        this.AT_LEAST_ONE(() => this.CONSUME2(T.Separator));
        this.OPTION2(() => this.SUBRULE2(this.statement));
      });
    });
  });

  /** An expression, or an assignment `target = value`, `target |= value`, `ok, err = value`. */
  statement = this.RULE('statement', () => {
    this.SUBRULE(this.expression, { LABEL: 'target' });
    this.OPTION(() => {
      this.OPTION2(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.expression, { LABEL: 'errTarget' });
      });
      this.OR([{ ALT: () => this.CONSUME(T.Assign, { LABEL: 'op' }) }, { ALT: () => this.CONSUME(T.MergeAssign, { LABEL: 'op' }) }]);
      this.SUBRULE(this.statement, { LABEL: 'value' });
    });
  });

  expression = this.RULE('expression', () => {
    this.SUBRULE(this.levels[0]!);
  });

  unary = this.RULE('unary', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Bang, { LABEL: 'op' });
          this.SUBRULE(this.unary, { LABEL: 'operand' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Minus, { LABEL: 'op' });
          this.SUBRULE2(this.unary, { LABEL: 'operand' });
        },
      },
      { ALT: () => this.SUBRULE(this.postfix) },
    ]);
  });

  /** A primary followed by path segments: `.field`, `."quoted"`, `[index]`. */
  postfix = this.RULE('postfix', () => {
    this.SUBRULE(this.primary);
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.PathField, { LABEL: 'segments' }) },
        { ALT: () => this.CONSUME(T.PathQuoted, { LABEL: 'segments' }) },
        { ALT: () => this.SUBRULE(this.index, { LABEL: 'segments' }) },
      ]);
    });
  });

  index = this.RULE('index', () => {
    this.CONSUME(T.LBracket);
    this.SUBRULE(this.expression);
    this.CONSUME(T.RBracket);
  });

  primary = this.RULE('primary', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.RawString, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.RegexLiteral, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.TimestampLiteral, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.FloatLiteral, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.IntegerLiteral, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.True, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.False, { LABEL: 'literal' }) },
      { ALT: () => this.CONSUME(T.Null, { LABEL: 'literal' }) },
      { ALT: () => this.SUBRULE(this.array) },
      { ALT: () => this.SUBRULE(this.curly) },
      { ALT: () => this.SUBRULE(this.group) },
      { ALT: () => this.SUBRULE(this.ifExpr) },
      { ALT: () => this.SUBRULE(this.abortExpr) },
      { ALT: () => this.SUBRULE(this.returnExpr) },
      { ALT: () => this.SUBRULE(this.call) },
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: 'variable' }) },
      { ALT: () => this.CONSUME(T.PathField, { LABEL: 'path' }) },
      { ALT: () => this.CONSUME(T.PathQuoted, { LABEL: 'path' }) },
      { ALT: () => this.CONSUME(T.Dot, { LABEL: 'root' }) },
    ]);
  });

  array = this.RULE('array', () => {
    this.CONSUME(T.LBracket);
    this.OPTION(() => {
      this.SUBRULE(this.expression, { LABEL: 'items' });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.expression, { LABEL: 'items' });
      });
      this.OPTION2(() => this.CONSUME2(T.Comma));
    });
    this.CONSUME(T.RBracket);
  });

  /** `{ ... }`: an object literal when it is empty or starts with `key:`, a block otherwise. */
  curly = this.RULE('curly', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => this.isObjectAhead(),
          ALT: () => {
            this.CONSUME(T.LCurly);
            this.OPTION(() => {
              this.SUBRULE(this.entry, { LABEL: 'entries' });
              this.MANY(() => {
                this.CONSUME(T.Comma);
                this.SUBRULE2(this.entry, { LABEL: 'entries' });
              });
              this.OPTION2(() => this.CONSUME2(T.Comma));
            });
            this.CONSUME(T.RCurly);
          },
        },
        { ALT: () => this.SUBRULE(this.block) },
      ],
    });
  });

  private isObjectAhead(): boolean {
    const a = this.LA(2);
    if (tokenMatcher(a, T.RCurly)) return true;
    return (tokenMatcher(a, T.StringLiteral) || tokenMatcher(a, T.RawString) || tokenMatcher(a, T.Identifier)) && tokenMatcher(this.LA(3), T.Colon);
  }

  entry = this.RULE('entry', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'key' }) },
      { ALT: () => this.CONSUME(T.RawString, { LABEL: 'key' }) },
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: 'key' }) },
    ]);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.expression, { LABEL: 'value' });
  });

  block = this.RULE('block', () => {
    this.CONSUME(T.LCurly);
    this.SUBRULE(this.statements);
    this.CONSUME(T.RCurly);
  });

  /** `(expr)`, or `(a; b)` as in VRL's multi-expression if predicates (the value is the last one). */
  group = this.RULE('group', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.statements);
    this.CONSUME(T.RParen);
  });

  ifExpr = this.RULE('ifExpr', () => {
    this.CONSUME(T.If);
    this.SUBRULE(this.expression, { LABEL: 'condition' });
    this.SUBRULE(this.block, { LABEL: 'then' });
    this.OPTION(() => {
      this.CONSUME(T.Else);
      this.OR([{ ALT: () => this.SUBRULE(this.ifExpr, { LABEL: 'elseIf' }) }, { ALT: () => this.SUBRULE2(this.block, { LABEL: 'else' }) }]);
    });
  });

  abortExpr = this.RULE('abortExpr', () => {
    this.CONSUME(T.Abort);
    this.OPTION(() => this.SUBRULE(this.expression, { LABEL: 'message' }));
  });

  returnExpr = this.RULE('returnExpr', () => {
    this.CONSUME(T.Return);
    this.SUBRULE(this.expression, { LABEL: 'value' });
  });

  /** `name(args)`, `name!(args)`, optionally followed by a closure `-> |k, v| { ... }`. */
  call = this.RULE('call', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' });
    this.OPTION(() => this.CONSUME(T.Bang, { LABEL: 'bang' }));
    this.CONSUME(T.LParen);
    this.OPTION2(() => {
      this.SUBRULE(this.argument, { LABEL: 'args' });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.argument, { LABEL: 'args' });
      });
      this.OPTION3(() => this.CONSUME2(T.Comma));
    });
    this.CONSUME(T.RParen);
    this.OPTION4(() => this.SUBRULE(this.closure));
  });

  /** `value` or `name: value`; a parameter name may be a keyword (`compact(x, null: true)`). */
  argument = this.RULE('argument', () => {
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(T.Null, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(T.True, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(T.False, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(T.If, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(T.Else, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(T.Abort, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(T.Return, { LABEL: 'name' }) },
      ]);
      this.CONSUME(T.Colon);
    });
    this.SUBRULE(this.expression, { LABEL: 'value' });
  });

  closure = this.RULE('closure', () => {
    this.CONSUME(T.Arrow);
    this.CONSUME(T.Pipe);
    this.OPTION(() => {
      this.CONSUME(T.Identifier, { LABEL: 'params' });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.CONSUME2(T.Identifier, { LABEL: 'params' });
      });
    });
    this.CONSUME2(T.Pipe);
    this.SUBRULE(this.block, { LABEL: 'body' });
  });
}

let instance: VrlParser | undefined;

/** The one parser instance, built on first use (its grammar analysis takes a while), then reused. */
export function vrlParser(): VrlParser {
  instance ??= new VrlParser();
  return instance;
}

export type { IToken };
