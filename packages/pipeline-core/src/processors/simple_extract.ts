// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const simpleExtractProcessor = defineProcessor<never>({
  kind: 'simple_extract',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'simple_extract' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
