// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const vrlProcessor = defineProcessor<never>({
  kind: 'vrl',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'vrl' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
