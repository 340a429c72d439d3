// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const gsubProcessor = defineProcessor<never>({
  kind: 'gsub',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'gsub' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
