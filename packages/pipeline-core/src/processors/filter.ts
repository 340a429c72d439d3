// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const filterProcessor = defineProcessor<never>({
  kind: 'filter',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'filter' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
