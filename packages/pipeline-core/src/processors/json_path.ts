// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const jsonPathProcessor = defineProcessor<never>({
  kind: 'json_path',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'json_path' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
