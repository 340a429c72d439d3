// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const letterProcessor = defineProcessor<never>({
  kind: 'letter',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'letter' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
