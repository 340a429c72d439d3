import { SqlInvalidArgumentError } from '../errors.js';

/**
 * The `matches(col, query)` query language: terms (words), `"quoted phrases"`, `-excluded` terms,
 * `AND`, `OR` (AND binds tighter; adjacent terms are AND-ed) and parentheses. Matching is
 * case-insensitive; a term matches a whole word of the text (words are runs of letters, digits and `_`);
 * a phrase matches its words in sequence.
 */
type Node =
  | { readonly kind: 'term'; readonly words: readonly string[] }
  | { readonly kind: 'not'; readonly operand: Node }
  | { readonly kind: 'and' | 'or'; readonly operands: readonly Node[] };

const WORD = /[\p{L}\p{N}_]+/gu;

export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function tokenize(q: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:(\()|(\))|(-)?"([^"]*)"|(-)?([^\s()"]+))/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < q.length) {
    re.lastIndex = pos;
    m = re.exec(q);
    if (!m) {
      if (q.slice(pos).trim() === '') break;
      throw new SqlInvalidArgumentError(`matches(): cannot parse query '${q}' at position ${pos}`);
    }
    pos = re.lastIndex;
    if (m[1]) out.push('(');
    else if (m[2]) out.push(')');
    else if (m[4] !== undefined) out.push(`${m[3] ?? ''}"${m[4]}`);
    else out.push(`${m[5] ?? ''}${m[6]}`);
  }
  return out;
}

export function parseFulltextQuery(q: string): Node {
  const toks = tokenize(q);
  let i = 0;
  const orExpr = (): Node => {
    const ops = [andExpr()];
    while (toks[i] === 'OR') {
      i++;
      ops.push(andExpr());
    }
    return ops.length === 1 ? ops[0]! : { kind: 'or', operands: ops };
  };
  const andExpr = (): Node => {
    const ops = [unit()];
    while (i < toks.length && toks[i] !== ')' && toks[i] !== 'OR') {
      if (toks[i] === 'AND') i++;
      ops.push(unit());
    }
    return ops.length === 1 ? ops[0]! : { kind: 'and', operands: ops };
  };
  const unit = (): Node => {
    const t = toks[i++];
    if (t === undefined) throw new SqlInvalidArgumentError(`matches(): query '${q}' ends unexpectedly`);
    if (t === '(') {
      const n = orExpr();
      if (toks[i++] !== ')') throw new SqlInvalidArgumentError(`matches(): missing ')' in query '${q}'`);
      return n;
    }
    if (t === ')' || t === 'AND' || t === 'OR') throw new SqlInvalidArgumentError(`matches(): unexpected '${t}' in query '${q}'`);
    const negated = t.startsWith('-') && t.length > 1;
    const body = negated ? t.slice(1) : t;
    const ws = words(body.startsWith('"') ? body.slice(1) : body);
    if (ws.length === 0) throw new SqlInvalidArgumentError(`matches(): term '${t}' has no words`);
    const term: Node = { kind: 'term', words: ws };
    return negated ? { kind: 'not', operand: term } : term;
  };
  if (toks.length === 0) throw new SqlInvalidArgumentError('matches(): empty query');
  const root = orExpr();
  if (i < toks.length) throw new SqlInvalidArgumentError(`matches(): unexpected '${toks[i]}' in query '${q}'`);
  return root;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  return WORD_CHAR.test(ch);
}

/** Whether `word` occurs in `lower` with no word character on either side. */
function containsWord(lower: string, word: string): boolean {
  let i = lower.indexOf(word);
  while (i >= 0) {
    if (!isWordChar(lower[i - 1]) && !isWordChar(lower[i + word.length])) return true;
    i = lower.indexOf(word, i + 1);
  }
  return false;
}

function hasSequence(textWords: readonly string[], seq: readonly string[]): boolean {
  outer: for (let i = 0; i + seq.length <= textWords.length; i++) {
    for (let j = 0; j < seq.length; j++) if (textWords[i + j] !== seq[j]) continue outer;
    return true;
  }
  return false;
}

/** One row being matched: the lowercased text, and its words only when a phrase needs them. */
interface Row {
  readonly lower: string;
  words?: string[];
}

function evalNode(n: Node, row: Row): boolean {
  switch (n.kind) {
    case 'term':
      if (n.words.length === 1) return containsWord(row.lower, n.words[0]!);
      if (!row.lower.includes(n.words[0]!)) return false;
      row.words ??= words(row.lower);
      return hasSequence(row.words, n.words);
    case 'not':
      return !evalNode(n.operand, row);
    case 'and':
      return n.operands.every((o) => evalNode(o, row));
    case 'or':
      return n.operands.some((o) => evalNode(o, row));
  }
}

/** Words every matching text must contain (the positive terms under top-level ANDs). */
function requiredWords(n: Node): string[] {
  if (n.kind === 'term') return [n.words[0]!];
  if (n.kind === 'and') return n.operands.flatMap(requiredWords);
  return [];
}

/**
 * Compiles a query once; the matcher runs per row (substring search with word-boundary checks). Texts
 * missing a required ASCII word are rejected first by a case-insensitive search, without lowercasing.
 */
export function compileFulltext(q: string): (text: string) => boolean {
  const root = parseFulltextQuery(q);
  const pre = requiredWords(root)
    .filter((w) => /^[\x20-\x7e]+$/.test(w))
    .map((w) => new RegExp(w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'iu'));
  return (text) => {
    for (const re of pre) if (!re.test(text)) return false;
    return evalNode(root, { lower: text.toLowerCase() });
  };
}
