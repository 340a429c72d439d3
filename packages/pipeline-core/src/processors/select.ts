// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const selectProcessor = defineProcessor<never>({
  kind: 'select',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'select' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
