// PLACEHOLDER: replaced by the real processor (must not land as is).
import { defineProcessor } from './processor.js';
export const regexProcessor = defineProcessor<never>({
  kind: 'regex',
  parse(cfg) {
    throw cfg.error(undefined, "processor 'regex' is not built yet");
  },
  compile() {
    throw new Error('unreachable');
  },
});
