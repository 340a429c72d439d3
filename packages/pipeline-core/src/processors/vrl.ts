import { ProcessorError } from '../errors/index.js';
import { compileVrl, VrlCompileError, VrlSyntaxError, type VrlProgram } from '../vrl/index.js';
import { vrlResultToDocs } from '../vrl/result.js';
import { defineProcessor } from './processor.js';
import { VrlBudgetError } from '../vrl/limits.js';

export interface VrlConfig {
  readonly program: VrlProgram;
}

/**
 * `vrl`: runs a VRL program (`source:`) over each record. The program is compiled when the
 * pipeline is parsed (a bad program is a config error with its VRL line and column); its result
 * must be an object (the record, usually `.`) or an array of objects (one record each).
 */
export const vrlProcessor = defineProcessor<VrlConfig>({
  kind: 'vrl',
  parse(cfg) {
    const source = cfg.string('source');
    cfg.done();
    let program: VrlProgram;
    try {
      program = compileVrl(source);
    } catch (e) {
      if (e instanceof VrlSyntaxError || e instanceof VrlCompileError) throw cfg.error('source', e.message);
      throw e;
    }
    // As GreptimeDB does: a result that holds a regex can never become a record.
    const at = program.resultRegexPath;
    if (at !== undefined) throw cfg.error('source', `the program's result holds a regex at ${at === '' ? 'its top' : at}; regexes cannot be stored (delete it or convert it to a string)`);
    return { program };
  },
  compile({ program }) {
    return {
      kind: 'vrl',
      exec(doc, ctx) {
        try {
          return vrlResultToDocs(program.run(doc, ctx).result);
        } catch (e) {
          // Budgets keep their own code (RuntimeResourcesExhausted, DeadlineExceeded).
          if (e instanceof VrlBudgetError) throw e;
          throw new ProcessorError('vrl', undefined, e instanceof Error ? e.message : String(e), { cause: e });
        }
      },
    };
  },
});
