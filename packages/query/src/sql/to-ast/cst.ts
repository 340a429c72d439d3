import type { CstNode, IToken } from 'chevrotain';
import type { Pos } from '../ast/expr.js';
import { SqlSyntaxError } from '../errors.js';

/** Small readers over chevrotain CST nodes (children grouped by rule/token name or label). */
export type Children = Record<string, (CstNode | IToken)[] | undefined>;

export function nodes(c: Children, key: string): CstNode[] {
  return (c[key] ?? []) as CstNode[];
}
export function node(c: Children, key: string): CstNode | undefined {
  return (c[key]?.[0] as CstNode | undefined) ?? undefined;
}
export function tokens(c: Children, key: string): IToken[] {
  return (c[key] ?? []) as IToken[];
}
export function token(c: Children, key: string): IToken | undefined {
  return c[key]?.[0] as IToken | undefined;
}
export function has(c: Children, key: string): boolean {
  return (c[key]?.length ?? 0) > 0;
}

export function posOf(t: IToken): Pos {
  return { line: t.startLine ?? 1, column: t.startColumn ?? 1 };
}

/** The first token under a CST node (for positions). */
export function firstToken(n: CstNode): IToken {
  let best: IToken | undefined;
  for (const list of Object.values(n.children)) {
    for (const x of list) {
      const t = 'children' in x ? firstToken(x) : x;
      if (best === undefined || t.startOffset < best.startOffset) best = t;
    }
  }
  return best!;
}

/** Operator tokens of a left-assoc chain, in source order. */
export function operatorTokens(c: Children, names: readonly string[]): IToken[] {
  const out: IToken[] = [];
  for (const n of names) out.push(...tokens(c, n));
  return out.sort((a, b) => a.startOffset - b.startOffset);
}

/** Unquotes `'it''s'`. */
export function stringValue(t: IToken): string {
  return t.image.slice(1, -1).replace(/''/g, "'");
}

/** An identifier: unquoted ones are case-insensitive (lowercased), quoted ones keep their case. */
export function identifierText(n: CstNode): string {
  const t = Object.values(n.children)[0]![0] as IToken;
  const img = t.image;
  if (img.startsWith('"')) return img.slice(1, -1).replace(/""/g, '"');
  if (img.startsWith('`')) return img.slice(1, -1).replace(/``/g, '`');
  return img.toLowerCase();
}

export function integerOf(t: IToken, what: string): number {
  const n = Number(t.image);
  if (!Number.isSafeInteger(n) || n < 0) throw new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, `${what} must be a non-negative integer, got ${t.image}`);
  return n;
}
