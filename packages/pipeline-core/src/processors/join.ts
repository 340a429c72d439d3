// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const joinProcessor = defineProcessor<never>({
  kind: 'join',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'join' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
