import { LineCounter, parseDocument, isMap } from 'yaml';
import { PipelineConfigError } from '../errors/index.js';
import { ConfigMap, SourcePositions } from './read.js';

/** Parses YAML text into the root ConfigMap; YAML syntax errors carry their line and column. */
export function readYamlRoot(text: string): ConfigMap {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = lines.linePos(e.pos[0]);
    throw new PipelineConfigError({ path: '(yaml)', line: pos?.line, column: pos?.col }, `invalid YAML: ${e.message.split('\n')[0]}`);
  }
  if (!isMap(doc.contents)) {
    throw new PipelineConfigError({ path: '(root)', line: 1, column: 1 }, 'a pipeline must be a YAML map with a `processors` list');
  }
  return new ConfigMap(doc.contents, '', new SourcePositions(lines));
}
