// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const jsonParseProcessor = defineProcessor<never>({
  kind: 'json_parse',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'json_parse' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
