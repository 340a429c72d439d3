import { ProcessorError } from '../errors/index.js';
import { compileVrl, VrlCompileError, VrlSyntaxError, type VrlProgram } from '../vrl/index.js';
import { vrlResultToDocs } from '../vrl/result.js';
import { defineProcessor } from './processor.js';

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
    try {
      return { program: compileVrl(source) };
    } catch (e) {
      if (e instanceof VrlSyntaxError || e instanceof VrlCompileError) throw cfg.error('source', e.message);
      throw e;
    }
  },
  compile({ program }) {
    return {
      kind: 'vrl',
      exec(doc, ctx) {
        try {
          return vrlResultToDocs(program.run(doc, ctx).result);
        } catch (e) {
          throw new ProcessorError('vrl', undefined, e instanceof Error ? e.message : String(e), { cause: e });
        }
      },
    };
  },
});
