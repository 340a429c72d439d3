import { CstParser } from 'chevrotain';
import * as T from './tokens.js';

/**
 * The SQL grammar, and only the grammar: the parser builds a CST that `to-ast.ts` turns into the AST.
 * Operator precedence lives here, lowest first: OR, AND, NOT, comparison/LIKE/IN/BETWEEN/IS,
 * `+ - ||`, `* / %`, unary minus, `::` cast.
 */
export class SqlParser extends CstParser {
  constructor() {
    super(T.allTokens, { maxLookahead: 4, recoveryEnabled: false, nodeLocationTracking: 'none' });
    this.performSelfAnalysis();
  }

  statements = this.RULE('statements', () => {
    this.OPTION(() => this.SUBRULE(this.statement));
    this.MANY(() => {
      this.CONSUME(T.Semicolon);
      this.OPTION2(() => this.SUBRULE2(this.statement));
    });
  });

  statement = this.RULE('statement', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.query) },
      { ALT: () => this.SUBRULE(this.createStatement) },
      { ALT: () => this.SUBRULE(this.dropStatement) },
      { ALT: () => this.SUBRULE(this.alterStatement) },
      { ALT: () => this.SUBRULE(this.showStatement) },
      { ALT: () => this.SUBRULE(this.describeStatement) },
      { ALT: () => this.SUBRULE(this.insertStatement) },
      { ALT: () => this.SUBRULE(this.deleteStatement) },
      { ALT: () => this.SUBRULE(this.truncateStatement) },
      { ALT: () => this.SUBRULE(this.useStatement) },
    ]);
  });

  // ---- queries ----
  query = this.RULE('query', () => {
    this.OPTION(() => {
      this.CONSUME(T.With);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.cte) });
    });
    this.SUBRULE(this.selectCore);
    this.MANY(() => {
      this.CONSUME(T.Union);
      this.CONSUME(T.All);
      this.SUBRULE2(this.selectCore);
    });
    this.OPTION2(() => this.SUBRULE(this.orderByClause));
    this.OPTION3(() => {
      this.CONSUME(T.Limit);
      this.CONSUME(T.NumberLiteral, { LABEL: 'limit' });
      this.OPTION5(() => {
        this.CONSUME(T.Comma);
        this.CONSUME2(T.NumberLiteral, { LABEL: 'limitAfterComma' });
      });
    });
    this.OPTION4(() => {
      this.CONSUME(T.Offset);
      this.CONSUME3(T.NumberLiteral, { LABEL: 'offset' });
    });
  });

  cte = this.RULE('cte', () => {
    this.SUBRULE(this.identifier);
    this.CONSUME(T.As);
    this.CONSUME(T.LParen);
    this.SUBRULE(this.query);
    this.CONSUME(T.RParen);
  });

  selectCore = this.RULE('selectCore', () => {
    this.CONSUME(T.Select);
    this.OPTION(() => this.CONSUME(T.Distinct));
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.selectItem) });
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
    this.OPTION5(() => {
      this.CONSUME(T.Having);
      this.SUBRULE3(this.expression, { LABEL: 'having' });
    });
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

  joinClause = this.RULE('joinClause', () => {
    this.OPTION(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.Inner) },
        {
          ALT: () => {
            this.CONSUME(T.Left);
            this.OPTION2(() => this.CONSUME(T.Outer));
          },
        },
      ]),
    );
    this.CONSUME(T.Join);
    this.SUBRULE(this.tableRef);
    this.CONSUME(T.On);
    this.SUBRULE(this.expression);
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
    this.OPTION(() => {
      this.OPTION2(() => this.CONSUME(T.As));
      this.SUBRULE(this.identifier, { LABEL: 'alias' });
    });
  });

  tableName = this.RULE('tableName', () => {
    this.SUBRULE(this.identifier);
    this.MANY(() => {
      this.CONSUME(T.Dot);
      this.SUBRULE2(this.identifier);
    });
  });

  orderByClause = this.RULE('orderByClause', () => {
    this.CONSUME(T.Order);
    this.CONSUME(T.By);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.orderItem) });
  });

  orderItem = this.RULE('orderItem', () => {
    this.SUBRULE(this.expression);
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(T.Asc) }, { ALT: () => this.CONSUME(T.Desc) }]));
    this.OPTION2(() => {
      this.CONSUME(T.Nulls);
      this.OR2([{ ALT: () => this.CONSUME(T.First) }, { ALT: () => this.CONSUME(T.Last) }]);
    });
  });

  // ---- expressions ----
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
    this.OPTION(() =>
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
    );
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
              { ALT: () => this.CONSUME(T.Star) },
              {
                ALT: () => {
                  this.OPTION2(() => this.CONSUME(T.Distinct));
                  this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'args' }) });
                },
              },
            ]),
          );
          this.CONSUME(T.RParen);
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

  typeName = this.RULE('typeName', () => {
    this.SUBRULE(this.identifier, { LABEL: 'words' });
    // Multi-word names: DOUBLE PRECISION, BIGINT UNSIGNED, CHARACTER VARYING.
    this.MANY({
      GATE: () => /^(precision|unsigned|varying)$/i.test(this.LA(1).image),
      DEF: () => this.SUBRULE2(this.identifier, { LABEL: 'words' }),
    });
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.CONSUME(T.NumberLiteral, { LABEL: 'precision' });
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

  // ---- DDL and admin ----
  createStatement = this.RULE('createStatement', () => {
    this.CONSUME(T.Create);
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(T.Database) }, { ALT: () => this.CONSUME(T.Schema) }]);
          this.OPTION(() => this.SUBRULE(this.ifNotExists));
          this.SUBRULE(this.identifier, { LABEL: 'dbName' });
          this.OPTION2(() => this.SUBRULE(this.withOptions));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Table);
          this.OPTION3(() => this.SUBRULE2(this.ifNotExists));
          this.SUBRULE(this.tableName);
          this.CONSUME(T.LParen);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.tableElement) });
          this.CONSUME(T.RParen);
          this.OPTION4(() => {
            this.CONSUME(T.Engine);
            this.CONSUME(T.Eq);
            this.SUBRULE2(this.identifier, { LABEL: 'engine' });
          });
          this.OPTION5(() => this.SUBRULE2(this.withOptions));
        },
      },
    ]);
  });

  ifNotExists = this.RULE('ifNotExists', () => {
    this.CONSUME(T.If);
    this.CONSUME(T.Not);
    this.CONSUME(T.Exists);
  });

  ifExists = this.RULE('ifExists', () => {
    this.CONSUME(T.If);
    this.CONSUME(T.Exists);
  });

  tableElement = this.RULE('tableElement', () => {
    this.OR([
      {
        GATE: () => this.LA(2).tokenType === T.Index,
        ALT: () => {
          this.CONSUME(T.Time);
          this.CONSUME(T.Index);
          this.CONSUME(T.LParen);
          this.SUBRULE(this.identifier, { LABEL: 'timeIndex' });
          this.CONSUME(T.RParen);
        },
      },
      {
        GATE: () => this.LA(2).tokenType === T.Key,
        ALT: () => {
          this.CONSUME(T.Primary);
          this.CONSUME(T.Key);
          this.CONSUME2(T.LParen);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.identifier, { LABEL: 'primaryKey' }) });
          this.CONSUME2(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.columnDef) },
    ]);
  });

  columnDef = this.RULE('columnDef', () => {
    this.SUBRULE(this.identifier, { LABEL: 'name' });
    this.SUBRULE(this.typeName);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.Null) },
        {
          ALT: () => {
            this.CONSUME(T.Not, { LABEL: 'notNull' });
            this.CONSUME2(T.Null);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Default);
            this.SUBRULE(this.additive, { LABEL: 'default' });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Time);
            this.CONSUME(T.Index);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Primary);
            this.CONSUME(T.Key);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Comment);
            this.CONSUME(T.StringLiteral);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Fulltext);
            this.OPTION(() => {
              this.CONSUME2(T.Index);
              this.OPTION2(() => this.SUBRULE(this.withOptions, { LABEL: 'fulltextOptions' }));
            });
          },
        },
      ]),
    );
  });

  withOptions = this.RULE('withOptions', () => {
    this.CONSUME(T.With);
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.optionPair) });
    this.CONSUME(T.RParen);
  });

  optionPair = this.RULE('optionPair', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'keyText' }) },
      {
        ALT: () => {
          this.SUBRULE(this.identifier, { LABEL: 'key' });
          this.MANY(() => {
            this.CONSUME(T.Dot);
            this.SUBRULE2(this.identifier, { LABEL: 'key' });
          });
        },
      },
    ]);
    this.CONSUME(T.Eq);
    this.OR2([
      { ALT: () => this.CONSUME2(T.StringLiteral, { LABEL: 'value' }) },
      { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: 'value' }) },
      { ALT: () => this.CONSUME(T.True, { LABEL: 'value' }) },
      { ALT: () => this.CONSUME(T.False, { LABEL: 'value' }) },
      { ALT: () => this.SUBRULE3(this.identifier, { LABEL: 'valueName' }) },
    ]);
  });

  dropStatement = this.RULE('dropStatement', () => {
    this.CONSUME(T.Drop);
    this.OR([
      { ALT: () => this.CONSUME(T.Table) },
      { ALT: () => this.CONSUME(T.Database) },
      { ALT: () => this.CONSUME(T.Schema) },
    ]);
    this.OPTION(() => this.SUBRULE(this.ifExists));
    this.SUBRULE(this.tableName);
  });

  alterStatement = this.RULE('alterStatement', () => {
    this.CONSUME(T.Alter);
    this.CONSUME(T.Table);
    this.SUBRULE(this.tableName);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Add);
          this.OPTION(() => this.CONSUME(T.Column));
          this.SUBRULE(this.columnDef);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.SetKw);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.optionPair) });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Unset);
          this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.CONSUME(T.StringLiteral, { LABEL: 'unset' }) });
        },
      },
    ]);
  });

  showStatement = this.RULE('showStatement', () => {
    this.CONSUME(T.Show);
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(T.Databases) }, { ALT: () => this.CONSUME(T.Schemas) }]);
          this.OPTION(() => this.SUBRULE(this.likeClause));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Tables);
          this.OPTION2(() => {
            this.OR3([{ ALT: () => this.CONSUME(T.From) }, { ALT: () => this.CONSUME(T.In) }]);
            this.SUBRULE(this.identifier, { LABEL: 'db' });
          });
          this.OPTION3(() => this.SUBRULE2(this.likeClause));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Create);
          this.CONSUME(T.Table);
          this.SUBRULE(this.tableName);
        },
      },
    ]);
  });

  likeClause = this.RULE('likeClause', () => {
    this.CONSUME(T.Like);
    this.CONSUME(T.StringLiteral);
  });

  describeStatement = this.RULE('describeStatement', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Desc) }, { ALT: () => this.CONSUME(T.Describe) }]);
    this.OPTION(() => this.CONSUME(T.Table));
    this.SUBRULE(this.tableName);
  });

  insertStatement = this.RULE('insertStatement', () => {
    this.CONSUME(T.Insert);
    this.CONSUME(T.Into);
    this.SUBRULE(this.tableName);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.identifier, { LABEL: 'columns' }) });
      this.CONSUME(T.RParen);
    });
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Values);
          this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.valuesRow) });
        },
      },
      { ALT: () => this.SUBRULE(this.query) },
    ]);
  });

  valuesRow = this.RULE('valuesRow', () => {
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'values' }) });
    this.CONSUME(T.RParen);
  });

  deleteStatement = this.RULE('deleteStatement', () => {
    this.CONSUME(T.Delete);
    this.CONSUME(T.From);
    this.SUBRULE(this.tableName);
    this.OPTION(() => {
      this.CONSUME(T.Where);
      this.SUBRULE(this.expression);
    });
  });

  truncateStatement = this.RULE('truncateStatement', () => {
    this.CONSUME(T.Truncate);
    this.OPTION(() => this.CONSUME(T.Table));
    this.SUBRULE(this.tableName);
  });

  useStatement = this.RULE('useStatement', () => {
    this.CONSUME(T.Use);
    this.SUBRULE(this.identifier);
  });
}

/** One shared instance: chevrotain parsers are reusable (reset through `input`). */
export const sqlParser = new SqlParser();
