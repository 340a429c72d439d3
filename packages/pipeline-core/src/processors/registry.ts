import type { ProcessorDef } from './processor.js';
import { dissectProcessor } from './dissect/dissect.js';
import { regexProcessor } from './regex.js';
import { dateProcessor } from './date.js';
import { epochProcessor } from './epoch.js';
import { gsubProcessor } from './gsub.js';
import { joinProcessor } from './join.js';
import { letterProcessor } from './letter.js';
import { csvProcessor } from './csv.js';
import { jsonParseProcessor } from './json_parse.js';
import { jsonPathProcessor } from './json_path.js';
import { simpleExtractProcessor } from './simple_extract.js';
import { selectProcessor } from './select.js';
import { filterProcessor } from './filter.js';
import { urlencodingProcessor } from './urlencoding.js';
import { digestProcessor } from './digest.js';
import { decolorizeProcessor } from './decolorize.js';
import { vrlProcessor } from './vrl.js';

/** Every processor kind, by the name a pipeline writes. A kind without an entry is a type error. */
export const PROCESSOR_KINDS = ['dissect', 'regex', 'date', 'epoch', 'gsub', 'join', 'letter', 'csv', 'json_parse', 'json_path', 'simple_extract', 'select', 'filter', 'urlencoding', 'digest', 'decolorize', 'vrl'] as const;
export type ProcessorKind = (typeof PROCESSOR_KINDS)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const PROCESSORS: Record<ProcessorKind, ProcessorDef<any>> = {
  dissect: dissectProcessor,
  regex: regexProcessor,
  date: dateProcessor,
  epoch: epochProcessor,
  gsub: gsubProcessor,
  join: joinProcessor,
  letter: letterProcessor,
  csv: csvProcessor,
  json_parse: jsonParseProcessor,
  json_path: jsonPathProcessor,
  simple_extract: simpleExtractProcessor,
  select: selectProcessor,
  filter: filterProcessor,
  urlencoding: urlencodingProcessor,
  digest: digestProcessor,
  decolorize: decolorizeProcessor,
  vrl: vrlProcessor,
};
