import * as T from './tokens.js';
import { QueryGrammar } from './grammar/query-grammar.js';

/**
 * The SQL grammar, and only the grammar: statements (queries, DDL, admin) over the query and expression
 * rules of `grammar/`. The parser builds a CST that `to-ast/` turns into the AST.
 */
export class SqlParser extends QueryGrammar {
  constructor(options: { readonly validate?: boolean } = {}) {
    super(options);
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
      { ALT: () => this.SUBRULE(this.setStatement) },
      { ALT: () => this.SUBRULE(this.explainStatement) },
      { ALT: () => this.SUBRULE(this.adminStatement) },
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
          this.OR3([
            {
              // CREATE TABLE t2 LIKE t1: t1's columns, keys and options.
              ALT: () => {
                this.CONSUME(T.Like);
                this.SUBRULE2(this.tableName, { LABEL: 'likeTable' });
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.LParen);
                this.SUBRULE(this.tableElement);
                this.MANY(() => {
                  this.CONSUME(T.Comma);
                  this.OPTION6(() => this.SUBRULE2(this.tableElement)); // GreptimeDB accepts a trailing comma
                });
                this.CONSUME(T.RParen);
                this.OPTION7(() => this.SUBRULE(this.partitionClause));
                this.OPTION4(() => {
                  this.CONSUME(T.Engine);
                  this.CONSUME(T.Eq);
                  this.SUBRULE2(this.identifier, { LABEL: 'engine' });
                });
                this.OPTION5(() => this.SUBRULE2(this.withOptions));
              },
            },
          ]);
        },
      },
    ]);
  });

  /** `PARTITION ON COLUMNS (a, b) (a < 10, a >= 10 AND a < 20, a >= 20)` (a trailing comma is accepted). */
  partitionClause = this.RULE('partitionClause', () => {
    this.CONSUME(T.Partition);
    this.CONSUME(T.On);
    this.SUBRULE(this.identifier, { LABEL: 'columnsWord' });
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.identifier, { LABEL: 'partitionColumn' }) });
    this.CONSUME(T.RParen);
    this.CONSUME2(T.LParen);
    this.OPTION(() => {
      this.SUBRULE(this.expression, { LABEL: 'partitionRule' });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.OPTION2(() => this.SUBRULE2(this.expression, { LABEL: 'partitionRule' }));
      });
    });
    this.CONSUME2(T.RParen);
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
    this.MANY({
      // `FIRST` / `AFTER x` (ALTER TABLE ADD COLUMN) end the column; other words may start `VECTOR INDEX` etc.
      GATE: () => !/^(first|after)$/i.test(this.LA(1).image),
      DEF: () =>
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
        {
          // INVERTED INDEX, SKIPPING INDEX [WITH (...)], VECTOR INDEX [WITH (...)]
          GATE: () => /^(inverted|skipping|vector)$/i.test(this.LA(1).image) && this.LA(2).tokenType === T.Index,
          ALT: () => {
            this.SUBRULE2(this.identifier, { LABEL: 'indexKind' });
            this.CONSUME3(T.Index);
            this.OPTION3(() => this.SUBRULE2(this.withOptions, { LABEL: 'indexOptions' }));
          },
        },
      ]),
    });
  });

  withOptions = this.RULE('withOptions', () => {
    this.CONSUME(T.With);
    this.CONSUME(T.LParen);
    this.OPTION(() => {
      this.SUBRULE(this.optionPair);
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.OPTION2(() => this.SUBRULE2(this.optionPair)); // a trailing comma is accepted
      });
    });
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
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Database);
          this.SUBRULE(this.identifier, { LABEL: 'dbName' });
          this.SUBRULE(this.alterOptions);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Table);
          this.SUBRULE(this.tableName);
          this.SUBRULE(this.alterTableAction);
          // `MODIFY COLUMN a DROP DEFAULT, MODIFY COLUMN b DROP DEFAULT`: several actions, applied in order.
          this.MANY(() => {
            this.CONSUME(T.Comma);
            this.SUBRULE2(this.alterTableAction);
          });
        },
      },
    ]);
  });

  /** `SET 'k' = v, ...` or `UNSET 'k', ...` (tables and databases). */
  alterOptions = this.RULE('alterOptions', () => {
    this.OR([
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

  alterTableAction = this.RULE('alterTableAction', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Add);
          this.OPTION(() => this.CONSUME(T.Column));
          this.OPTION5(() => this.SUBRULE(this.ifNotExists));
          this.SUBRULE(this.columnDef);
          this.OPTION2(() =>
            this.OR2([
              { ALT: () => this.CONSUME(T.First) },
              {
                ALT: () => {
                  this.CONSUME(T.After);
                  this.SUBRULE(this.identifier, { LABEL: 'after' });
                },
              },
            ]),
          );
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Drop);
          this.OPTION3(() => this.CONSUME2(T.Column));
          this.SUBRULE2(this.identifier, { LABEL: 'dropColumn' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Rename);
          this.OR3([
            {
              ALT: () => {
                this.CONSUME3(T.Column);
                this.SUBRULE3(this.identifier, { LABEL: 'renameFrom' });
                this.CONSUME(T.To);
                this.SUBRULE4(this.identifier, { LABEL: 'renameTo' });
              },
            },
            { ALT: () => this.SUBRULE5(this.identifier, { LABEL: 'newName' }) },
            { ALT: () => this.CONSUME7(T.StringLiteral, { LABEL: 'newNameText' }) }, // RENAME 'name'
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Modify);
          this.OPTION4(() => this.CONSUME4(T.Column));
          this.SUBRULE6(this.identifier, { LABEL: 'modifyColumn' });
          this.OR4([
            {
              ALT: () => {
                this.CONSUME2(T.SetKw);
                this.OR5([
                  {
                    ALT: () => {
                      this.CONSUME(T.Default);
                      this.SUBRULE(this.additive, { LABEL: 'setDefault' });
                    },
                  },
                  { ALT: () => this.SUBRULE(this.indexSpec, { LABEL: 'setIndex' }) },
                ]);
              },
            },
            {
              ALT: () => {
                this.CONSUME2(T.Drop);
                this.CONSUME2(T.Default, { LABEL: 'dropDefault' });
              },
            },
            {
              ALT: () => {
                this.CONSUME2(T.Unset);
                this.SUBRULE2(this.indexSpec, { LABEL: 'unsetIndex' });
              },
            },
            {
              // A type name is an identifier: SET/UNSET (soft keywords) start the other forms.
              GATE: () => this.LA(1).tokenType !== T.SetKw && this.LA(1).tokenType !== T.Unset,
              IGNORE_AMBIGUITIES: true,
              ALT: () => this.SUBRULE(this.typeName, { LABEL: 'newType' }),
            },
          ]);
        },
      },
      { ALT: () => this.SUBRULE(this.alterOptions) },
    ]);
  });

  /** `FULLTEXT INDEX [WITH (...)]`, `INVERTED INDEX`, `SKIPPING INDEX [WITH (...)]` (the kind is checked in to-ast). */
  indexSpec = this.RULE('indexSpec', () => {
    this.SUBRULE(this.identifier, { LABEL: 'indexKind' });
    this.CONSUME(T.Index);
    this.OPTION(() => this.SUBRULE(this.withOptions));
  });

  /** `ADMIN fn(args)`: GreptimeDB's administration functions (flush_table, compact_table, ...). */
  adminStatement = this.RULE('adminStatement', () => {
    this.CONSUME(T.Admin);
    this.SUBRULE(this.nameOrCall);
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
          this.OR4([
            {
              ALT: () => {
                this.CONSUME(T.Table);
                this.SUBRULE(this.tableName);
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.Database);
                this.SUBRULE3(this.identifier, { LABEL: 'createDb' });
              },
            },
          ]);
        },
      },
      {
        // `SHOW INDEX FROM t [FROM|IN db]` (MySQL's layout, as GreptimeDB answers it).
        ALT: () => {
          this.CONSUME(T.Index);
          this.OR5([{ ALT: () => this.CONSUME2(T.From) }, { ALT: () => this.CONSUME2(T.In) }]);
          this.SUBRULE2(this.tableName, { LABEL: 'indexTable' });
          this.OPTION4(() => {
            this.OR6([{ ALT: () => this.CONSUME3(T.From) }, { ALT: () => this.CONSUME3(T.In) }]);
            this.SUBRULE4(this.identifier, { LABEL: 'indexDb' });
          });
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
    this.OPTION2(() => this.CONSUME(T.Table)); // INSERT INTO TABLE t (MySQL's and GreptimeDB's optional TABLE)
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
    this.SUBRULE(this.valueItem, { LABEL: 'values' });
    this.MANY(() => {
      this.CONSUME(T.Comma);
      this.OPTION(() => this.SUBRULE2(this.valueItem, { LABEL: 'values' })); // a trailing comma is accepted
    });
    this.CONSUME(T.RParen);
  });

  /** A value of an INSERT row: an expression, or `DEFAULT` (the column's default). */
  valueItem = this.RULE('valueItem', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Default) }, { ALT: () => this.SUBRULE(this.expression) }]);
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

  explainStatement = this.RULE('explainStatement', () => {
    this.CONSUME(T.Explain);
    // ANALYZE and VERBOSE are words, not keywords.
    this.OPTION({
      GATE: () => /^analyze$/i.test(this.LA(1).image),
      DEF: () => {
        this.CONSUME(T.Identifier, { LABEL: 'analyze' });
        this.OPTION2({ GATE: () => /^verbose$/i.test(this.LA(1).image), DEF: () => this.CONSUME2(T.Identifier, { LABEL: 'verbose' }) });
      },
    });
    this.SUBRULE(this.query);
  });

  useStatement = this.RULE('useStatement', () => {
    this.CONSUME(T.Use);
    this.SUBRULE(this.identifier);
  });

  /** `SET [SESSION|LOCAL] [@@][session.]name = value` / `... TO value`. */
  setStatement = this.RULE('setStatement', () => {
    this.CONSUME(T.SetKw);
    this.OPTION(() => this.CONSUME(T.AtAt));
    this.SUBRULE(this.identifier, { LABEL: 'varName' });
    this.MANY(() => {
      this.CONSUME(T.Dot);
      this.SUBRULE2(this.identifier, { LABEL: 'varName' });
    });
    this.OR([{ ALT: () => this.CONSUME(T.Eq) }, { ALT: () => this.CONSUME(T.To) }]);
    this.OR2([
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'varValue' }) },
      { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: 'varValue' }) },
      { ALT: () => this.SUBRULE3(this.identifier, { LABEL: 'varWord' }) },
    ]);
  });
}

/** One shared instance: chevrotain parsers are reusable (reset through `input`). */
export const sqlParser = new SqlParser();
