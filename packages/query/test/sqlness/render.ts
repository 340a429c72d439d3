import type { StatementOutput } from '@sluice/query';
import { displayCell } from './display.js';

const EMOJI = /\p{Emoji_Presentation}/u;

/**
 * Display width: East Asian wide characters and emoji count 2 (as comfy-table's unicode-width), also a
 * text-style symbol asking for emoji presentation (`✈️`, U+2708 U+FE0F).
 */
export function textWidth(s: string): number {
  let w = 0;
  const chars = [...s];
  chars.forEach((ch, i) => {
    const c = ch.codePointAt(0)!;
    if (c === 0x200d || (c >= 0x300 && c <= 0x36f) || (c >= 0xfe00 && c <= 0xfe0f)) return;
    const wide =
      (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f) || (c >= 0x1f900 && c <= 0x1f9ff) ||
      (c >= 0x20000 && c <= 0x3fffd) || EMOJI.test(ch) || chars[i + 1] === '\ufe0f';
    w += wide ? 2 : 1;
  });
  return w;
}

const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - textWidth(s)));

/**
 * A statement's output as sqlness prints it: `Affected Rows: N`, `++\n++` for no rows, or an ASCII table.
 * `headers` replaces the column names (to compare cells alone against GreptimeDB's names).
 */
export function renderOutput(o: StatementOutput, opts: { headers?: readonly string[]; mysql?: boolean } = {}): string {
  if (o.kind === 'affected_rows') return opts.mysql ? `affected_rows: ${o.count}` : `Affected Rows: ${o.count}`;
  if (o.rows.length === 0) return '++\n++';
  const names = opts.headers ?? o.columns.map((c) => c.name);
  const cells = o.rows.map((r) => o.columns.map((c, i) => displayCell(r[i] ?? null, c, opts.mysql).split('\n')));
  const widths = names.map((h, j) => Math.max(textWidth(h), ...cells.map((r) => Math.max(...(r[j] ?? ['']).map(textWidth)))));
  const border = '+' + widths.map((w) => '-'.repeat(w + 2)).join('+') + '+';
  const line = (vals: readonly string[]) => '|' + vals.map((v, j) => ` ${pad(v, widths[j]!)} `).join('|') + '|';
  const out = [border, line(names), border];
  for (const r of cells) {
    const height = Math.max(...r.map((c) => c.length));
    for (let k = 0; k < height; k++) out.push(line(r.map((c) => c[k] ?? '')));
  }
  out.push(border);
  return out.join('\n');
}

/** Column names of an expected sqlness table (split on the `+` positions of its border), or undefined. */
export function expectedHeaders(expect: string): string[] | undefined {
  const lines = expect.split('\n');
  const border = lines.findIndex((l) => /^\+[-+]+\+$/.test(l) && l.length > 2);
  if (border < 0 || lines[border + 1] === undefined) return undefined;
  const b = lines[border]!;
  const h = [...lines[border + 1]!];
  if (h.length !== b.length) return lines[border + 1]!.slice(1, -1).split(' | ').map((s) => s.trim());
  const cuts = [...b].flatMap((ch, i) => (ch === '+' ? [i] : []));
  const names: string[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) names.push(h.slice(cuts[i]! + 1, cuts[i + 1]).join('').trim());
  return names;
}
