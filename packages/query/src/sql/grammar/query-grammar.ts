import { EOF, type TokenType } from 'chevrotain';
import * as T from '../tokens.js';
import { ExpressionGrammar } from './expression-grammar.js';

/** SELECT rules: WITH, select cores joined by UNION ALL, FROM with joins, ORDER BY, LIMIT, OFFSET. */
export abstract class QueryGrammar extends ExpressionGrammar {
  override query = this.RULE('query', () => {
    this.OPTION(() => {
      this.CONSUME(T.With);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.cte) });
    });
    this.SUBRULE(this.selectCore);
    // `UNION ALL` keeps every row; `UNION [DISTINCT]` drops repeated rows of the union so far.
    this.MANY(() => {
      this.CONSUME(T.Union);
      this.OPTION8(() => this.OR9([{ ALT: () => this.CONSUME(T.All, { LABEL: 'unionAll' }) }, { ALT: () => this.CONSUME(T.Distinct, { LABEL: 'unionDistinct' }) }]));
      this.SUBRULE2(this.selectCore);
    });
    this.OPTION2(() => this.SUBRULE(this.orderByClause));
    this.OPTION3(() => {
      this.CONSUME(T.Limit);
      this.OR({
        IGNORE_AMBIGUITIES: true,
        DEF: [
        {
          // A number (and MySQL's `LIMIT offset, count`), or any expression planned as a constant.
          GATE: () => this.LA(1).tokenType === T.NumberLiteral && (this.LA(2).tokenType !== T.Minus && this.LA(2).tokenType !== T.Plus && this.LA(2).tokenType !== T.Star && this.LA(2).tokenType !== T.Slash),
          ALT: () => {
            this.CONSUME(T.NumberLiteral, { LABEL: 'limit' });
            this.OPTION5(() => {
              this.CONSUME(T.Comma);
              this.CONSUME2(T.NumberLiteral, { LABEL: 'limitAfterComma' });
            });
          },
        },
        { ALT: () => this.SUBRULE(this.expression, { LABEL: 'limitExpr' }) },
        ],
      });
    });
    this.OPTION4(() => {
      this.CONSUME(T.Offset);
      this.OR2({
        IGNORE_AMBIGUITIES: true,
        DEF: [
          { GATE: () => this.LA(1).tokenType === T.NumberLiteral && this.LA(2).tokenType !== T.Minus && this.LA(2).tokenType !== T.Plus, ALT: () => this.CONSUME3(T.NumberLiteral, { LABEL: 'offset' }) },
          { ALT: () => this.SUBRULE2(this.expression, { LABEL: 'offsetExpr' }) },
        ],
      });
    });
  });

  cte = this.RULE('cte', () => {
    this.SUBRULE(this.identifier);
    this.OPTION(() => {
      this.CONSUME2(T.LParen);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.identifier, { LABEL: 'cteColumns' }) });
      this.CONSUME2(T.RParen);
    });
    this.CONSUME(T.As);
    this.CONSUME(T.LParen);
    this.SUBRULE(this.query);
    this.CONSUME(T.RParen);
  });

  selectCore = this.RULE('selectCore', () => {
    this.CONSUME(T.Select);
    this.OPTION(() => this.CONSUME(T.Distinct));
    this.SUBRULE(this.selectItem);
    // A trailing comma before FROM or the end is accepted, as GreptimeDB does (`SELECT a, b, FROM t`).
    const endsItems = (t: TokenType) => t === T.From || t === T.RParen || t === T.Semicolon || t === EOF;
    this.MANY({
      GATE: () => !endsItems(this.LA(2).tokenType),
      DEF: () => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.selectItem);
      },
    });
    this.OPTION6(() => this.CONSUME2(T.Comma));
    this.OPTION2(() => {
      this.CONSUME(T.From);
      this.SUBRULE(this.fromClause);
    });
    this.OPTION3(() => {
      this.CONSUME(T.Where);
      this.SUBRULE(this.expression, { LABEL: 'where' });
    });
    this.OPTION4(() => {
      this.CONSUME(T.Group);
      this.CONSUME(T.By);
      this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.expression, { LABEL: 'groupBy' }) });
    });
    this.OPTION7(() => this.SUBRULE(this.alignClause));
    this.OPTION5(() => {
      this.CONSUME(T.Having);
      this.SUBRULE3(this.expression, { LABEL: 'having' });
    });
  });

  /** A range query's `[FILL f] ALIGN step [TO origin] [BY (e, ...)] [FILL f]` (GreptimeDB accepts FILL on either side). */
  alignClause = this.RULE('alignClause', () => {
    this.OPTION(() => this.SUBRULE(this.fillOption, { LABEL: 'fillBefore' }));
    this.CONSUME(T.Align);
    this.SUBRULE(this.durationValue);
    this.OPTION2(() => {
      this.CONSUME(T.To);
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.LParen);
            this.SUBRULE(this.expression, { LABEL: 'toExpr' });
            this.CONSUME(T.RParen);
          },
        },
        { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'toText' }) },
        { ALT: () => this.CONSUME(T.Identifier, { LABEL: 'toText' }) },
        { ALT: () => this.CONSUME(T.SoftKeyword, { LABEL: 'toText' }) },
        { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: 'toText' }) },
      ]);
    });
    this.OPTION3(() => {
      this.CONSUME(T.By);
      this.CONSUME2(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.expression, { LABEL: 'alignBy' }) });
      this.CONSUME2(T.RParen);
    });
    this.OPTION4(() => this.SUBRULE2(this.fillOption, { LABEL: 'fillAfter' }));
  });

  selectItem = this.RULE('selectItem', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Star) },
      {
        GATE: () => this.LA(2).tokenType === T.Dot && this.LA(3).tokenType === T.Star,
        ALT: () => {
          this.SUBRULE(this.identifier, { LABEL: 'starTable' });
          this.CONSUME(T.Dot);
          this.CONSUME2(T.Star, { LABEL: 'qualifiedStar' });
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.expression);
          this.OPTION(() => {
            this.OPTION2(() => this.CONSUME(T.As));
            this.SUBRULE2(this.identifier, { LABEL: 'alias' });
          });
        },
      },
    ]);
  });

  fromClause = this.RULE('fromClause', () => {
    this.SUBRULE(this.tableRef);
    this.MANY(() => this.SUBRULE(this.joinClause));
  });

  /** `, t` (cross), `CROSS JOIN t`, `[INNER] JOIN t ON ...`, `LEFT|RIGHT|FULL [OUTER] JOIN t ON ...` (ON is checked in to-ast). */
  joinClause = this.RULE('joinClause', () => {
    this.OR3([
      {
        ALT: () => {
          this.CONSUME(T.Comma, { LABEL: 'commaJoin' });
          this.SUBRULE2(this.tableRef);
        },
      },
      {
        ALT: () => {
          // NATURAL JOIN: USING every column name both sides have (NATURAL is a word, not a keyword).
          this.OPTION4({ GATE: () => /^natural$/i.test(this.LA(1).image), DEF: () => this.CONSUME(T.Identifier, { LABEL: 'natural' }) });
          this.OPTION(() =>
            this.OR([
              { ALT: () => this.CONSUME(T.Inner) },
              { ALT: () => this.CONSUME(T.Cross) },
              {
                ALT: () => {
                  this.OR2([{ ALT: () => this.CONSUME(T.Left) }, { ALT: () => this.CONSUME(T.Right) }, { ALT: () => this.CONSUME(T.Full) }]);
                  this.OPTION2(() => this.CONSUME(T.Outer));
                },
              },
            ]),
          );
          this.CONSUME(T.Join);
          this.SUBRULE(this.tableRef);
          this.OPTION3(() =>
            this.OR4([
              {
                ALT: () => {
                  this.CONSUME(T.On);
                  this.SUBRULE(this.expression);
                },
              },
              {
                // USING (a, b): USING is not a keyword of its own, so it is recognised by its spelling.
                GATE: () => this.LA(1).image.toLowerCase() === 'using' && this.LA(2).tokenType === T.LParen,
                ALT: () => {
                  this.SUBRULE3(this.identifier, { LABEL: 'usingKw' });
                  this.CONSUME(T.LParen);
                  this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE4(this.identifier, { LABEL: 'usingColumns' }) });
                  this.CONSUME(T.RParen);
                },
              },
            ]),
          );
        },
      },
    ]);
  });

  tableRef = this.RULE('tableRef', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.query);
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.tableName) },
    ]);
    this.OPTION({
      // `a FULL JOIN b`: FULL is a soft keyword, not an alias, before JOIN / OUTER; nor ALIGN / FILL opening a range query's clause.
      GATE: () => !(this.LA(1).tokenType === T.Full && (this.LA(2).tokenType === T.Join || this.LA(2).tokenType === T.Outer)) && !this.opensAlignClause() && !(this.LA(1).image.toLowerCase() === 'using' && this.LA(2).tokenType === T.LParen) && !(/^natural$/i.test(this.LA(1).image) && [T.Join, T.Inner, T.Left, T.Right, T.Full].includes(this.LA(2).tokenType)),
      DEF: () => {
      this.OPTION2(() => this.CONSUME(T.As));
      this.SUBRULE(this.identifier, { LABEL: 'alias' });
      // A derived column list: `(SELECT ...) AS t(a, b)`.
      this.OPTION3(() => {
        this.CONSUME2(T.LParen);
        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.identifier, { LABEL: 'aliasColumns' }) });
        this.CONSUME2(T.RParen);
      });
      },
    });
  });

  tableName = this.RULE('tableName', () => {
    this.SUBRULE(this.identifier);
    this.MANY(() => {
      this.CONSUME(T.Dot);
      this.SUBRULE2(this.identifier);
    });
  });

  /** `ALIGN '5s'`, `ALIGN (...)`, `FILL x ALIGN ...` after a FROM item: the range clause, not a table alias. */
  private opensAlignClause(): boolean {
    const alignAt = (i: number) => this.LA(i).tokenType === T.Align && [T.StringLiteral, T.LParen, T.NumberLiteral].includes(this.LA(i + 1).tokenType);
    if (alignAt(1)) return true;
    if (this.LA(1).tokenType !== T.Fill) return false;
    const b = this.LA(2).tokenType;
    if (b === T.Null || b === T.NumberLiteral || b === T.StringLiteral || b === T.Minus) return true;
    return (b === T.Identifier || this.LA(2).tokenType.CATEGORIES?.includes(T.SoftKeyword) === true) && alignAt(3);
  }

  orderByClause = this.RULE('orderByClause', () => {
    this.CONSUME(T.Order);
    this.CONSUME(T.By);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.orderItem) });
  });

  override orderItem = this.RULE('orderItem', () => {
    this.SUBRULE(this.expression);
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(T.Asc) }, { ALT: () => this.CONSUME(T.Desc) }]));
    this.OPTION2(() => {
      this.CONSUME(T.Nulls);
      this.OR2([{ ALT: () => this.CONSUME(T.First) }, { ALT: () => this.CONSUME(T.Last) }]);
    });
  });

}
