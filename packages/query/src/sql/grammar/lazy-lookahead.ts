import { LLkLookaheadStrategy, type ILookaheadStrategy, type ILookaheadValidationError } from 'chevrotain';

type Strategy = ILookaheadStrategy;
type AltFn = ReturnType<Strategy['buildLookaheadForAlternation']>;
type OptFn = ReturnType<Strategy['buildLookaheadForOptional']>;

/**
 * chevrotain's LL(k) lookahead with each decision computed the first time the parser reaches it,
 * instead of all of them while the parser is built: building them all (`performSelfAnalysis`) costs
 * seconds of CPU, paid by every process and query worker at import, and a decision no statement has
 * reached (most DDL, rare clauses) is never computed. The functions are chevrotain's own, so the
 * parser decides exactly as with its default strategy; validations (when on) are chevrotain's too.
 */
export class LazyLookaheadStrategy implements Strategy {
  private readonly llk: Strategy & { validate: Strategy['validate'] };
  /** Decisions whose lookahead function has been computed so far (for tests and diagnostics). */
  computed = 0;

  constructor(options: { readonly maxLookahead: number }) {
    this.llk = new LLkLookaheadStrategy(options);
  }

  validate(options: Parameters<Strategy['validate']>[0]): ILookaheadValidationError[] {
    return this.llk.validate(options);
  }

  buildLookaheadForAlternation(options: Parameters<Strategy['buildLookaheadForAlternation']>[0]): AltFn {
    let fn: AltFn | undefined;
    const self = this;
    return function (this: unknown, orAlts) {
      if (fn === undefined) {
        fn = self.llk.buildLookaheadForAlternation(options);
        self.computed++;
      }
      return fn.call(this, orAlts);
    };
  }

  buildLookaheadForOptional(options: Parameters<Strategy['buildLookaheadForOptional']>[0]): OptFn {
    let fn: OptFn | undefined;
    const self = this;
    return function (this: unknown) {
      if (fn === undefined) {
        fn = self.llk.buildLookaheadForOptional(options);
        self.computed++;
      }
      return fn.call(this);
    };
  }
}
