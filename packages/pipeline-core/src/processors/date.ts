// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const dateProcessor = defineProcessor<never>({
  kind: 'date',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'date' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
