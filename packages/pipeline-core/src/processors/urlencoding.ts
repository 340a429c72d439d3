// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const urlencodingProcessor = defineProcessor<never>({
  kind: 'urlencoding',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'urlencoding' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
