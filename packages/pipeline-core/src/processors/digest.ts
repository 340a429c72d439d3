// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const digestProcessor = defineProcessor<never>({
  kind: 'digest',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'digest' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
