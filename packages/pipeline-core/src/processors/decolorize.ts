// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const decolorizeProcessor = defineProcessor<never>({
  kind: 'decolorize',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'decolorize' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
