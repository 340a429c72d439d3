import { SqlInvalidArgumentError } from '../errors.js';

/**
 * The `matches(col, query)` query language (GreptimeDB's, after tantivy's query parser): terms,
 * `"quoted phrases"` (`\"` inside), `+required` and `-excluded` terms, `AND`, `OR` and parentheses.
 * Terms next to each other are alternatives (`a b` = `a OR b`); AND binds tighter than OR
 * (`a AND b OR c` = `(a AND b) OR c`). In a group, every `+` clause must match, no `-` clause may match,
 * and when there is no `+` clause at least one plain clause must match (a group of `-` clauses alone
 * matches the texts without them). Matching is case-insensitive on whole words (runs of letters, digits
 * and `_`); a phrase, or a term that splits into several words such as `db-1`, matches them in sequence.
 * A word with Han characters matches anywhere in the text (`狐狸` in `棕色狐狸跳过`), as GreptimeDB's does.
 * `+( ... )` and `-( ... )` require or exclude a whole group.
 */
export type Occur = 'should' | 'must' | 'must_not';
export type Node =
  | { readonly kind: 'term'; readonly words: readonly string[] }
  | { readonly kind: 'group'; readonly clauses: readonly Clause[] };
export interface Clause {
  readonly occur: Occur;
  readonly node: Node;
}

const WORD = /[\p{L}\p{N}_]+/gu;

export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

type Prefix = '' | '+' | '-';
type Token = { readonly kind: ')' | 'AND' | 'OR' } | { readonly kind: '('; readonly prefix: Prefix } | { readonly kind: 'unit'; readonly prefix: Prefix; readonly text: string; readonly raw: string };

const occurOf = (p: Prefix): Occur => (p === '+' ? 'must' : p === '-' ? 'must_not' : 'should');

function fail(q: string, why: string): never {
  throw new SqlInvalidArgumentError(`matches(): ${why} in query '${q}'`);
}

function tokenize(q: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:([+-])?(\()|(\))|([+-])?"((?:[^"\\]|\\.)*)"|([+-])?([^\s()"]+))\s*/y;
  let pos = 0;
  while (pos < q.length) {
    re.lastIndex = pos;
    const m = re.exec(q);
    if (!m) fail(q, `cannot parse at position ${pos}`);
    pos = re.lastIndex;
    if (m[2]) out.push({ kind: '(', prefix: (m[1] ?? '') as '' | '+' | '-' });
    else if (m[3]) out.push({ kind: ')' });
    else if (m[5] !== undefined) out.push({ kind: 'unit', prefix: (m[4] ?? '') as '' | '+' | '-', text: m[5].replace(/\\(.)/g, '$1'), raw: m[0].trim() });
    else if (!m[6] && (m[7] === 'AND' || m[7] === 'OR')) out.push({ kind: m[7] });
    else out.push({ kind: 'unit', prefix: (m[6] ?? '') as '' | '+' | '-', text: m[7]!, raw: m[0].trim() });
  }
  return out;
}

export function parseFulltextQuery(q: string): Node {
  const toks = tokenize(q);
  let i = 0;
  const unit = (): Clause => {
    const t = toks[i++];
    if (t === undefined) fail(q, 'unexpected end');
    if (t.kind === '(') {
      const node = group();
      if (toks[i++]?.kind !== ')') fail(q, "missing ')'");
      // `+( ... )` / `-( ... )`: a required / excluded group.
      return { occur: occurOf(t.prefix), node };
    }
    if (t.kind !== 'unit') fail(q, `unexpected '${t.kind}'`);
    const ws = words(t.text);
    if (ws.length === 0) fail(q, `term '${t.raw}' has no words`);
    return { occur: occurOf(t.prefix), node: { kind: 'term', words: ws } };
  };
  // `a AND b AND -c`: one clause whose members are all required (or excluded).
  const conjunction = (): Clause => {
    const first = unit();
    if (toks[i]?.kind !== 'AND') return first;
    const members: Clause[] = [{ ...first, occur: first.occur === 'must_not' ? 'must_not' : 'must' }];
    while (toks[i]?.kind === 'AND') {
      i++;
      const c = unit();
      members.push({ ...c, occur: c.occur === 'must_not' ? 'must_not' : 'must' });
    }
    return { occur: 'should', node: { kind: 'group', clauses: members } };
  };
  const group = (): Node => {
    const clauses: Clause[] = [conjunction()];
    while (i < toks.length && toks[i]!.kind !== ')') {
      if (toks[i]!.kind === 'OR') i++;
      clauses.push(conjunction());
    }
    return clauses.length === 1 && clauses[0]!.occur === 'should' ? clauses[0]!.node : { kind: 'group', clauses };
  };
  if (toks.length === 0) throw new SqlInvalidArgumentError('matches(): empty query');
  const root = group();
  if (i < toks.length) fail(q, `unexpected '${toks[i]!.kind === 'unit' ? (toks[i] as { raw: string }).raw : toks[i]!.kind}'`);
  return root;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  return WORD_CHAR.test(ch);
}

const HAN = /\p{Script=Han}/u;

/** Whether a word has a Han character: Chinese is written without spaces, so such a word matches as a substring. */
export function isHanWord(word: string): boolean {
  return HAN.test(word);
}

/** Whether `word` occurs in `lower` with no word character on either side (anywhere for a Han word). */
function containsWord(lower: string, word: string): boolean {
  if (isHanWord(word)) return lower.includes(word);
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
  if (n.kind === 'term') {
    if (n.words.length === 1) return containsWord(row.lower, n.words[0]!);
    if (!row.lower.includes(n.words[0]!)) return false;
    row.words ??= words(row.lower);
    return hasSequence(row.words, n.words);
  }
  let anyShould = false;
  let hasShould = false;
  let hasMust = false;
  for (const c of n.clauses) {
    if (c.occur === 'must') {
      hasMust = true;
      if (!evalNode(c.node, row)) return false;
    } else if (c.occur === 'must_not') {
      if (evalNode(c.node, row)) return false;
    } else {
      hasShould = true;
      if (!anyShould && evalNode(c.node, row)) anyShould = true;
    }
  }
  return hasMust || !hasShould || anyShould;
}

/** Words every matching text must contain: single-word terms that are required at the top level. */
function requiredWords(n: Node): string[] {
  if (n.kind === 'term') return [n.words[0]!];
  const musts = n.clauses.filter((c) => c.occur === 'must');
  const shoulds = n.clauses.filter((c) => c.occur === 'should');
  const req = musts.flatMap((c) => requiredWords(c.node));
  if (musts.length === 0 && shoulds.length === 1) req.push(...requiredWords(shoulds[0]!.node));
  return req;
}

/**
 * Compiles a query once; the matcher runs per row (substring search with word-boundary checks). Texts
 * missing a required ASCII word are rejected first by a case-insensitive search, without lowercasing.
 */
export function compileFulltext(q: string): (text: string) => boolean {
  const root = parseFulltextQuery(q);
  const pre = requiredWords(root)
    .filter((w) => /^[\x20-\x7e]+$/.test(w))
    .map((w) => new RegExp(w, 'iu'));
  return (text) => {
    for (const re of pre) if (!re.test(text)) return false;
    return evalNode(root, { lower: text.toLowerCase() });
  };
}
