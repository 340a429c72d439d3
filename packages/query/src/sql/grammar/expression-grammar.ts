import { CstParser, type CstNode, type ParserMethod } from 'chevrotain';
import * as T from '../tokens.js';
import { LazyLookaheadStrategy } from './lazy-lookahead.js';

/**
 * Expression rules of the SQL grammar (grammar only; `to-ast/` builds the AST). Operator precedence
 * lives here, lowest first: OR, AND, NOT, comparison/LIKE/IN/BETWEEN/IS, `+ - ||`, `* / %`, unary minus,
 * `::` cast. `query` (for subqueries) is defined by QueryGrammar.
 */
export abstract class ExpressionGrammar extends CstParser {
  declare query: ParserMethod<[], CstNode>;
  declare orderItem: ParserMethod<[], CstNode>;

  /**
   * `validate`: run chevrotain's grammar checks (ambiguity, left recursion) while building the parser.
   * They cost about a third of the parser's construction time, which every process and worker pays at
   * import, so the shared parser skips them; parser.test.ts builds one with them on.
   */
  /** How many lookahead decisions have been computed (each on first use). */
  get lookaheadComputed(): number {
    return this.lookahead.computed;
  }
  private readonly lookahead: LazyLookaheadStrategy;

  constructor(options: { readonly validate?: boolean } = {}) {
    const lookahead = new LazyLookaheadStrategy({ maxLookahead: 3 });
    super(T.allTokens, {
      maxLookahead: 3,
      recoveryEnabled: false,
      nodeLocationTracking: 'none',
      skipValidations: !options.validate,
      // Each lookahead decision is computed when first reached (seconds of CPU saved at import).
      lookaheadStrategy: lookahead,
    });
    this.lookahead = lookahead;
  }

  expression = this.RULE('expression', () => {
    this.SUBRULE(this.andExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(T.Or);
      this.SUBRULE2(this.andExpr, { LABEL: 'operands' });
    });
  });

  andExpr = this.RULE('andExpr', () => {
    this.SUBRULE(this.notExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(T.And);
      this.SUBRULE2(this.notExpr, { LABEL: 'operands' });
    });
  });

  notExpr = this.RULE('notExpr', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Not);
          this.SUBRULE(this.notExpr);
        },
      },
      { ALT: () => this.SUBRULE(this.predicate) },
    ]);
  });

  predicate = this.RULE('predicate', () => {
    this.SUBRULE(this.additive, { LABEL: 'left' });
    // `IN` not followed by '(' is not a predicate: it ends the operand of `position(sub IN s)`.
    this.OPTION({
      GATE: () => !(this.LA(1).tokenType === T.In && this.LA(2).tokenType !== T.LParen),
      DEF: () =>
      this.OR([
        {
          ALT: () => {
            this.SUBRULE(this.comparisonOp);
            this.SUBRULE2(this.additive, { LABEL: 'right' });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Is);
            this.OPTION2(() => this.CONSUME(T.Not, { LABEL: 'isNot' }));
            this.CONSUME(T.Null);
          },
        },
        {
          ALT: () => {
            this.OPTION3(() => this.CONSUME2(T.Not, { LABEL: 'negated' }));
            this.OR2([
              {
                ALT: () => {
                  this.CONSUME(T.In);
                  this.CONSUME(T.LParen);
                  this.OR4([
                    { ALT: () => this.SUBRULE(this.query, { LABEL: 'inQuery' }) },
                    { ALT: () => this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'inList' }) }) },
                  ]);
                  this.CONSUME(T.RParen);
                },
              },
              {
                ALT: () => {
                  this.CONSUME(T.Between);
                  this.SUBRULE3(this.additive, { LABEL: 'low' });
                  this.CONSUME(T.And);
                  this.SUBRULE4(this.additive, { LABEL: 'high' });
                },
              },
              {
                ALT: () => {
                  this.OR3([{ ALT: () => this.CONSUME(T.Like) }, { ALT: () => this.CONSUME(T.ILike) }]);
                  this.SUBRULE5(this.additive, { LABEL: 'pattern' });
                },
              },
            ]);
          },
        },
      ]),
    });
  });

  comparisonOp = this.RULE('comparisonOp', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Eq) },
      { ALT: () => this.CONSUME(T.NotEq) },
      { ALT: () => this.CONSUME(T.LtEq) },
      { ALT: () => this.CONSUME(T.GtEq) },
      { ALT: () => this.CONSUME(T.Lt) },
      { ALT: () => this.CONSUME(T.Gt) },
      { ALT: () => this.CONSUME(T.Regex) },
      { ALT: () => this.CONSUME(T.RegexI) },
      { ALT: () => this.CONSUME(T.NotRegex) },
      { ALT: () => this.CONSUME(T.NotRegexI) },
      { ALT: () => this.CONSUME(T.AtAt) },
    ]);
  });

  additive = this.RULE('additive', () => {
    this.SUBRULE(this.multiplicative, { LABEL: 'operands' });
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Plus) }, { ALT: () => this.CONSUME(T.Minus) }, { ALT: () => this.CONSUME(T.Concat) }]);
      this.SUBRULE2(this.multiplicative, { LABEL: 'operands' });
    });
  });

  multiplicative = this.RULE('multiplicative', () => {
    this.SUBRULE(this.unary, { LABEL: 'operands' });
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Star) }, { ALT: () => this.CONSUME(T.Slash) }, { ALT: () => this.CONSUME(T.Percent) }]);
      this.SUBRULE2(this.unary, { LABEL: 'operands' });
    });
  });

  unary = this.RULE('unary', () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(T.Minus) }, { ALT: () => this.CONSUME(T.Plus) }]);
          this.SUBRULE(this.unary);
        },
      },
      { ALT: () => this.SUBRULE(this.postfix) },
    ]);
  });

  postfix = this.RULE('postfix', () => {
    this.SUBRULE(this.primary);
    this.MANY(() => {
      this.CONSUME(T.DoubleColon);
      this.SUBRULE(this.typeName);
    });
    // `min(val) RANGE '10s'`: RANGE followed by a duration (not a window frame's `RANGE BETWEEN` / `RANGE 5 PRECEDING`).
    this.OPTION({
      GATE: () => {
        if (this.LA(1).tokenType !== T.Range) return false;
        const next = this.LA(2).tokenType;
        if (next === T.NumberLiteral) return this.LA(3).tokenType !== T.Preceding && this.LA(3).tokenType !== T.Following;
        return next === T.StringLiteral || next === T.LParen;
      },
      DEF: () => this.SUBRULE(this.rangeSuffix),
    });
  });

  /** `RANGE '10s' [FILL ...]` or `RANGE (INTERVAL '1' day) [FILL ...]` after an expression of a range query. */
  rangeSuffix = this.RULE('rangeSuffix', () => {
    this.CONSUME(T.Range);
    this.SUBRULE(this.durationValue);
    this.OPTION(() => this.SUBRULE(this.fillOption));
  });

  /** A range query's duration: `'5m'` (a number is refused in to-ast with GreptimeDB's message) or `(interval expression)`. */
  durationValue = this.RULE('durationValue', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'durationText' }) },
      { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: 'durationNumber' }) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.expression, { LABEL: 'durationExpr' });
          this.CONSUME(T.RParen);
        },
      },
    ]);
  });

  /** `FILL NULL | PREV | LINEAR | <constant>`. */
  fillOption = this.RULE('fillOption', () => {
    this.CONSUME(T.Fill);
    this.OR([
      { ALT: () => this.CONSUME(T.Null, { LABEL: 'fillWord' }) },
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: 'fillWord' }) },
      { ALT: () => this.CONSUME(T.SoftKeyword, { LABEL: 'fillWord' }) },
      { ALT: () => this.CONSUME(T.True, { LABEL: 'fillWord' }) },
      { ALT: () => this.CONSUME(T.False, { LABEL: 'fillWord' }) },
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'fillString' }) },
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Minus, { LABEL: 'fillMinus' }));
          this.CONSUME(T.NumberLiteral, { LABEL: 'fillNumber' });
        },
      },
    ]);
  });

  primary = this.RULE('primary', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.CONSUME(T.Null) },
      {
        ALT: () => {
          this.CONSUME(T.Interval);
          this.CONSUME2(T.StringLiteral, { LABEL: 'intervalText' });
          this.OPTION(() => this.SUBRULE(this.identifier, { LABEL: 'intervalUnit' }));
        },
      },
      {
        GATE: () => this.LA(2).tokenType === T.StringLiteral,
        ALT: () => {
          this.CONSUME(T.TimestampKw);
          this.CONSUME3(T.StringLiteral, { LABEL: 'timestampText' });
        },
      },
      {
        // DATE '2000-10-30': a typed literal (DATE is not a reserved word, so it is gated on the string after it).
        GATE: () => this.LA(1).tokenType === T.Identifier && this.LA(1).image.toLowerCase() === 'date' && this.LA(2).tokenType === T.StringLiteral,
        ALT: () => {
          this.CONSUME(T.Identifier, { LABEL: 'dateKw' });
          this.CONSUME4(T.StringLiteral, { LABEL: 'dateText' });
        },
      },
      { ALT: () => this.SUBRULE(this.caseExpr) },
      {
        ALT: () => {
          this.CONSUME(T.Cast);
          this.CONSUME(T.LParen);
          this.SUBRULE(this.expression, { LABEL: 'castOperand' });
          this.CONSUME(T.As);
          this.SUBRULE(this.typeName);
          this.CONSUME(T.RParen);
        },
      },
      {
        // TRY_CAST(x AS type): a function-looking name gated on its spelling (it is not a keyword).
        GATE: () => this.LA(1).tokenType === T.Identifier && this.LA(1).image.toLowerCase() === 'try_cast' && this.LA(2).tokenType === T.LParen,
        ALT: () => {
          this.CONSUME2(T.Identifier, { LABEL: 'tryCast' });
          this.CONSUME6(T.LParen);
          this.SUBRULE5(this.expression, { LABEL: 'tryCastOperand' });
          this.CONSUME2(T.As);
          this.SUBRULE2(this.typeName, { LABEL: 'tryCastType' });
          this.CONSUME6(T.RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Extract);
          this.CONSUME2(T.LParen);
          this.SUBRULE2(this.identifier, { LABEL: 'extractField' });
          this.CONSUME(T.From);
          this.SUBRULE2(this.expression, { LABEL: 'extractOperand' });
          this.CONSUME2(T.RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME3(T.LParen);
          this.OR2([
            { ALT: () => this.SUBRULE(this.query, { LABEL: 'subquery' }) },
            { ALT: () => this.SUBRULE3(this.expression, { LABEL: 'parenthesized' }) },
          ]);
          this.CONSUME3(T.RParen);
        },
      },
      {
        // `left(s, n)`, `right(s, n)`, MySQL's `insert(s, pos, len, new)`: reserved words that name functions before '('.
        GATE: () => this.LA(2).tokenType === T.LParen,
        ALT: () => {
          this.OR5([
            { ALT: () => this.CONSUME(T.Left, { LABEL: 'leftFn' }) },
            { ALT: () => this.CONSUME(T.Right, { LABEL: 'leftFn' }) },
            { ALT: () => this.CONSUME(T.Insert, { LABEL: 'leftFn' }) },
          ]);
          this.CONSUME4(T.LParen);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE4(this.expression, { LABEL: 'leftArgs' }) });
          this.CONSUME4(T.RParen);
        },
      },
      {
        // `EXISTS (SELECT ...)`: EXISTS is a soft keyword, so this comes before function calls.
        GATE: () => this.LA(1).tokenType === T.Exists && this.LA(2).tokenType === T.LParen,
        IGNORE_AMBIGUITIES: true,
        ALT: () => {
          this.CONSUME(T.Exists);
          this.CONSUME5(T.LParen);
          this.SUBRULE2(this.query, { LABEL: 'existsQuery' });
          this.CONSUME5(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.nameOrCall) },
    ]);
  });

  caseExpr = this.RULE('caseExpr', () => {
    this.CONSUME(T.Case);
    this.OPTION(() => this.SUBRULE(this.expression, { LABEL: 'caseOperand' }));
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T.When);
      this.SUBRULE2(this.expression, { LABEL: 'when' });
      this.CONSUME(T.Then);
      this.SUBRULE3(this.expression, { LABEL: 'then' });
    });
    this.OPTION2(() => {
      this.CONSUME(T.Else);
      this.SUBRULE4(this.expression, { LABEL: 'otherwise' });
    });
    this.CONSUME(T.End);
  });

  /** A column reference `a`, `t.a`, or a function call `f(...)`, `count(*)`, `count(DISTINCT x)`. */
  nameOrCall = this.RULE('nameOrCall', () => {
    this.SUBRULE(this.identifier, { LABEL: 'parts' });
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.OPTION(() =>
            this.OR2([
              {
                // count(*), and count(DISTINCT *) (the same count: every row is one distinct row).
                ALT: () => {
                  this.OPTION7(() => this.CONSUME2(T.Distinct));
                  this.CONSUME(T.Star);
                },
              },
              {
                ALT: () => {
                  this.OPTION2(() => this.CONSUME(T.Distinct));
                  // `trim(LEADING 'x' FROM s)`: BOTH / LEADING / TRAILING are words, not keywords.
                  this.OPTION8({
                    GATE: () => /^(both|leading|trailing)$/i.test(this.LA(1).image) && this.LA(2).tokenType !== T.Comma && this.LA(2).tokenType !== T.RParen,
                    DEF: () => this.CONSUME(T.Identifier, { LABEL: 'trimWhere' }),
                  });
                  this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'args' }) });
                  // `position(sub IN s)` (SQL's form of strpos(s, sub)).
                  this.OPTION6(() => {
                    this.CONSUME(T.In);
                    this.SUBRULE5(this.expression, { LABEL: 'positionIn' });
                  });
                  // `trim(['x'] FROM s)` (SQL's form of btrim(s, 'x')).
                  this.OPTION9(() => {
                    this.CONSUME(T.From);
                    this.SUBRULE6(this.expression, { LABEL: 'trimFrom' });
                  });
                  // `array_agg(x ORDER BY y DESC)`: the order an aggregate sees its input in.
                  this.OPTION5(() => {
                    this.CONSUME3(T.Order);
                    this.CONSUME3(T.By);
                    this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.orderItem, { LABEL: 'aggOrder' }) });
                  });
                },
              },
            ]),
          );
          this.CONSUME(T.RParen);
          // `approx_percentile_cont(p) WITHIN GROUP (ORDER BY x)` (ordered-set aggregates).
          this.OPTION4(() => {
            this.CONSUME(T.Within);
            this.CONSUME(T.Group);
            this.CONSUME2(T.LParen);
            this.CONSUME(T.Order);
            this.CONSUME(T.By);
            this.SUBRULE(this.orderItem, { LABEL: 'withinGroup' });
            this.CONSUME2(T.RParen);
          });
          this.OPTION3(() => this.SUBRULE(this.overClause));
        },
      },
      {
        ALT: () =>
          this.MANY(() => {
            this.CONSUME(T.Dot);
            this.SUBRULE2(this.identifier, { LABEL: 'parts' });
          }),
      },
    ]);
  });

  /** `OVER ([PARTITION BY e, ...] [ORDER BY k [ASC|DESC] [NULLS ...], ...])`. */
  overClause = this.RULE('overClause', () => {
    this.CONSUME(T.Over);
    this.CONSUME(T.LParen);
    this.OPTION(() => {
      this.CONSUME(T.Partition);
      this.CONSUME(T.By);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'partitionBy' }) });
    });
    this.OPTION2(() => {
      this.CONSUME(T.Order);
      this.CONSUME2(T.By);
      this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.orderItem) });
    });
    this.OPTION3(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Rows, { LABEL: 'frameUnits' }) }, { ALT: () => this.CONSUME(T.Range, { LABEL: 'frameUnits' }) }]);
      this.OR2([
        {
          ALT: () => {
            this.CONSUME(T.Between);
            this.SUBRULE(this.frameBound, { LABEL: 'frameStart' });
            this.CONSUME(T.And);
            this.SUBRULE2(this.frameBound, { LABEL: 'frameEnd' });
          },
        },
        { ALT: () => this.SUBRULE3(this.frameBound, { LABEL: 'frameStart' }) },
      ]);
    });
    this.CONSUME(T.RParen);
  });

  /** `UNBOUNDED PRECEDING|FOLLOWING`, `CURRENT ROW`, `n PRECEDING|FOLLOWING`. */
  frameBound = this.RULE('frameBound', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Unbounded);
          this.OR2([{ ALT: () => this.CONSUME(T.Preceding) }, { ALT: () => this.CONSUME(T.Following) }]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Current);
          this.CONSUME(T.Row);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.NumberLiteral, { LABEL: 'frameOffset' });
          this.OR3([{ ALT: () => this.CONSUME2(T.Preceding) }, { ALT: () => this.CONSUME2(T.Following) }]);
        },
      },
    ]);
  });

  typeName = this.RULE('typeName', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Interval, { LABEL: 'intervalType' }) }, { ALT: () => this.SUBRULE(this.identifier, { LABEL: 'words' }) }]);
    // Multi-word names: DOUBLE PRECISION, BIGINT UNSIGNED, CHARACTER VARYING.
    this.MANY({
      GATE: () => /^(precision|unsigned|varying)$/i.test(this.LA(1).image),
      DEF: () => this.SUBRULE2(this.identifier, { LABEL: 'words' }),
    });
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.CONSUME(T.NumberLiteral, { LABEL: 'precision' });
      this.OPTION2(() => {
        this.CONSUME(T.Comma);
        this.CONSUME2(T.NumberLiteral, { LABEL: 'scale' });
      });
      this.CONSUME(T.RParen);
    });
  });

  identifier = this.RULE('identifier', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.QuotedIdentifier) },
      { ALT: () => this.CONSUME(T.BacktickIdentifier) },
      { ALT: () => this.CONSUME(T.SoftKeyword) },
    ]);
  });

}
