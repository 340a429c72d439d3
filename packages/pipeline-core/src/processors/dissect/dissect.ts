// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from '../processor.js';
export const dissectProcessor = defineProcessor<never>({
  kind: 'dissect',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'dissect' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
