// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const epochProcessor = defineProcessor<never>({
  kind: 'epoch',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'epoch' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
