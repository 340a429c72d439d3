import { SluiceError, StatusCode } from '../../errors/index.js';
import { parse, SyntaxError as PeggySyntaxError } from './dissect.generated.js';

/**
 * What a key does with its value (Elasticsearch's dissect modifiers):
 * `set` (`%{a}`), `append` (`%{+a}`, `%{+a/2}`, or a plain key whose name is also appended to),
 * `ref_name` (`%{*a}`: the value becomes a field name), `ref_value` (`%{&a}`: the value of that field),
 * `skip` (`%{}`, `%{?a}`, `%{->}`).
 */
export type DissectKeyKind = 'set' | 'append' | 'ref_name' | 'ref_value' | 'skip';

export interface DissectKey {
  readonly kind: DissectKeyKind;
  readonly name: string;
  /** Sort key of an append: the explicit `/N`, or Elasticsearch's implicit order (-1000, -999, ...). */
  readonly appendOrder: number;
  /** `->`: consecutive repeats of the following delimiter are skipped. */
  readonly rightPadding: boolean;
  /** The key as written, e.g. `%{+a/2->}`. */
  readonly text: string;
}

/** One key and the literal text that follows it ('' for the last key when nothing follows). */
export interface DissectPair {
  readonly key: DissectKey;
  readonly delimiter: string;
}

/** A parsed and validated dissect pattern. */
export interface DissectPattern {
  readonly source: string;
  /** Literal text before the first key; the input must start with it. */
  readonly leading: string;
  readonly pairs: readonly DissectPair[];
}

/** A dissect pattern that cannot be used; `offset` is the 0-based position in the pattern text. */
export class DissectPatternError extends SluiceError {
  override name = 'DissectPatternError';
  readonly offset: number;
  readonly reason: string;

  constructor(readonly pattern: string, offset: number, reason: string) {
    super(StatusCode.InvalidArguments, `invalid dissect pattern ${JSON.stringify(pattern)} at column ${offset + 1}: ${reason}`);
    this.offset = offset;
    this.reason = reason;
  }
}

/** Nodes produced by dissect.peggy. */
interface LiteralNode {
  readonly kind: 'literal';
  readonly text: string;
  readonly offset: number;
}
interface KeyNode {
  readonly kind: 'key';
  readonly modifiers: readonly { readonly char: string; readonly offset: number }[];
  readonly name: string;
  readonly order: { readonly digits: string; readonly offset: number } | null;
  readonly padding: boolean;
  readonly offset: number;
  readonly text: string;
}
type Node = LiteralNode | KeyNode;

/** Marks an append without `/N` until the implicit orders are given out in pattern order. */
const IMPLICIT = Number.NEGATIVE_INFINITY;

/** Largest `/N` Elasticsearch accepts (it stores the order in a Java short). */
const MAX_ORDER = 32767;

function syntaxError(pattern: string, e: PeggySyntaxError): DissectPatternError {
  const at = e.location.start.offset;
  const open = pattern.lastIndexOf('%{', at);
  if (e.found === null) return new DissectPatternError(pattern, open < 0 ? at : open, "'%{' is never closed by '}'");
  if ('+*&?'.includes(e.found)) {
    return new DissectPatternError(pattern, at, `modifier '${e.found}' must come first in the key, before the name (as in %{${e.found}name})`);
  }
  if (e.found === '/') return new DissectPatternError(pattern, at, "'/' may appear once, after the name, followed by the append order (as in %{+name/2})");
  if (pattern[at - 1] === '/') return new DissectPatternError(pattern, at, `the append order after '/' must be digits, found ${JSON.stringify(e.found)}`);
  return new DissectPatternError(pattern, at, e.message);
}

function readKey(pattern: string, node: KeyNode): DissectKey {
  if (node.modifiers.length > 1) {
    throw new DissectPatternError(pattern, node.modifiers[1]!.offset, `only one modifier per key is allowed, found '${node.modifiers.map((m) => m.char).join('')}'`);
  }
  const mod = node.modifiers[0]?.char;
  if (node.order !== null && mod !== '+') {
    throw new DissectPatternError(pattern, node.order.offset, `an append order '/${node.order.digits}' needs the '+' modifier (as in %{+${node.name}/${node.order.digits}})`);
  }
  if (node.name === '' && mod !== undefined && mod !== '?') {
    throw new DissectPatternError(pattern, node.offset, `the key ${node.text} has the modifier '${mod}' but no name`);
  }
  const base = { name: node.name, rightPadding: node.padding, text: node.text, appendOrder: 0 };
  switch (mod) {
    case undefined:
      return { ...base, kind: node.name === '' ? 'skip' : 'set' };
    case '?':
      return { ...base, kind: 'skip' };
    case '*':
      return { ...base, kind: 'ref_name' };
    case '&':
      return { ...base, kind: 'ref_value' };
    default: {
      if (node.order === null) return { ...base, kind: 'append', appendOrder: IMPLICIT };
      const order = Number(node.order.digits);
      if (order > MAX_ORDER) throw new DissectPatternError(pattern, node.order.offset, `the append order ${node.order.digits} is larger than ${MAX_ORDER}`);
      return { ...base, kind: 'append', appendOrder: order };
    }
  }
}

function checkReferences(pattern: string, nodes: readonly KeyNode[], keys: readonly DissectKey[]): void {
  const seen = new Map<string, { names: number; values: number; offset: number }>();
  keys.forEach((k, i) => {
    if (k.kind !== 'ref_name' && k.kind !== 'ref_value') return;
    const s = seen.get(k.name) ?? { names: 0, values: 0, offset: nodes[i]!.offset };
    if (k.kind === 'ref_name') s.names++;
    else s.values++;
    seen.set(k.name, s);
  });
  for (const [name, s] of seen) {
    if (s.names !== 1 || s.values !== 1) {
      throw new DissectPatternError(pattern, s.offset, `reference keys come in pairs: exactly one %{*${name}} and one %{&${name}} (found ${s.names} and ${s.values})`);
    }
  }
}

/** Parses and validates a dissect pattern; errors carry the column in the pattern. */
export function parseDissectPattern(pattern: string): DissectPattern {
  let nodes: Node[];
  try {
    nodes = parse(pattern) as Node[];
  } catch (e) {
    if (e instanceof PeggySyntaxError) throw syntaxError(pattern, e);
    throw e;
  }
  const first = nodes[0];
  const leading = first?.kind === 'literal' ? first.text : '';
  const keyNodes: KeyNode[] = [];
  const delimiters: string[] = [];
  for (let i = leading === '' ? 0 : 1; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (n.kind === 'literal') {
      delimiters[keyNodes.length - 1] = n.text;
      continue;
    }
    const prev = nodes[i - 1];
    if (prev?.kind === 'key') {
      throw new DissectPatternError(pattern, n.offset, `the keys ${prev.text} and ${n.text} must be separated by literal text: nothing tells where one ends and the next begins`);
    }
    keyNodes.push(n);
  }
  if (keyNodes.length === 0) throw new DissectPatternError(pattern, 0, 'the pattern has no %{key}');

  const keys = keyNodes.map((n) => readKey(pattern, n));
  if (keys.every((k) => k.kind === 'skip')) throw new DissectPatternError(pattern, keyNodes[0]!.offset, 'every key is skipped, so the pattern extracts nothing');
  checkReferences(pattern, keyNodes, keys);

  // Elasticsearch: a plain key whose name is also appended to becomes an append; appends without
  // `/N` are ordered -1000, -999, ... in pattern order, so they come before the explicit orders.
  const appended = new Set(keys.filter((k) => k.kind === 'append').map((k) => k.name));
  let implicit = -1000;
  const pairs = keys.map((k, i): DissectPair => {
    let key = k;
    if (k.kind === 'set' && appended.has(k.name)) key = { ...k, kind: 'append', appendOrder: implicit++ };
    else if (k.kind === 'append' && k.appendOrder === IMPLICIT) key = { ...k, appendOrder: implicit++ };
    return { key, delimiter: delimiters[i] ?? '' };
  });
  return { source: pattern, leading, pairs };
}
