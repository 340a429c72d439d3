// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const csvProcessor = defineProcessor<never>({
  kind: 'csv',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'csv' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
