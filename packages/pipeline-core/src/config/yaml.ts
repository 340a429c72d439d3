import { LineCounter, parseDocument, isMap } from 'yaml';
import { PipelineConfigError } from '../errors/index.js';
import { ConfigMap, SourcePositions } from './read.js';

/**
 * Deepest flow nesting (`[` / `{`) a pipeline's YAML may have. The YAML parser recurses per level:
 * 100,000 levels took the process down (V8 ran out of memory compiling a regex deep in the recursion),
 * 3,000 took seconds. Brackets are counted without regard to quoting, so the bound is generous.
 */
export const MAX_YAML_NESTING = 256;

/** Most leading spaces one line may have (block nesting; about 900 levels overflowed the parser's stack after seconds). */
export const MAX_YAML_INDENT = 256;

function checkYamlNesting(text: string): void {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      line++;
      lineStart = i + 1;
      // Block nesting is indentation: a line indented past the bound is as deep as a flow past it.
      let k = lineStart;
      while (k < text.length && text.charCodeAt(k) === 0x20) k++;
      if (k - lineStart > MAX_YAML_INDENT) {
        throw new PipelineConfigError({ path: '(yaml)', line, column: MAX_YAML_INDENT + 1 }, `invalid YAML: a line indented more than ${MAX_YAML_INDENT} columns`);
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_YAML_NESTING) {
        throw new PipelineConfigError({ path: '(yaml)', line, column: i - lineStart + 1 }, `invalid YAML: nested deeper than ${MAX_YAML_NESTING} levels of [ ] or { }`);
      }
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
}

/** Parses YAML text into the root ConfigMap; YAML syntax errors carry their line and column. */
export function readYamlRoot(text: string): ConfigMap {
  checkYamlNesting(text);
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
