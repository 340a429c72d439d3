// Draws bench results as horizontal bar charts (one panel per group, one bar per system) in SVG and
// renders the SVG to PNG with resvg (a prebuilt Rust renderer; no browser, no compiler).
import { Resvg } from '@resvg/resvg-js';

const COLORS = { sluice: '#2f6fdf', clickhouse: '#f2b705', duckdb: '#7a4fbf' };
const colorOf = (system, i) => COLORS[system] ?? ['#3a9d5d', '#d9534f', '#777'][i % 3];
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

/**
 * panels: [{ title, unit, rows: [{ work, values: { system: number } }] }] → SVG text.
 * Bars in a panel share one scale; each bar is labelled with its value.
 */
export function barChartSvg(panels, caption) {
  const width = 900;
  const labelW = 330;
  const barH = 16;
  const gap = 10;
  let y = 20;
  const parts = [];
  const systems = [...new Set(panels.flatMap((p) => p.rows.flatMap((r) => Object.keys(r.values))))];
  // Legend
  systems.forEach((s, i) => {
    parts.push(`<rect x="${labelW + i * 140}" y="${y - 11}" width="12" height="12" fill="${colorOf(s, i)}"/>`);
    parts.push(`<text x="${labelW + i * 140 + 18}" y="${y}" font-size="13">${esc(s)}</text>`);
  });
  y += 20;
  for (const p of panels) {
    y += 14;
    parts.push(`<text x="10" y="${y}" font-size="15" font-weight="bold">${esc(p.title)}</text>`);
    y += 10;
    const max = Math.max(...p.rows.flatMap((r) => Object.values(r.values)));
    const scale = (width - labelW - 90) / (max || 1);
    for (const r of p.rows) {
      const n = Object.keys(r.values).length;
      const h = n * barH;
      parts.push(`<text x="${labelW - 8}" y="${y + h / 2 + 4}" font-size="12" text-anchor="end">${esc(r.work)}</text>`);
      Object.entries(r.values).forEach(([s, v], k) => {
        const w = Math.max(1, v * scale);
        const by = y + k * barH;
        parts.push(`<rect x="${labelW}" y="${by + 1}" width="${w.toFixed(1)}" height="${barH - 2}" fill="${colorOf(s, systems.indexOf(s))}"/>`);
        parts.push(`<text x="${labelW + w + 4}" y="${by + barH - 4}" font-size="11">${fmt(v)} ${esc(p.unit)}</text>`);
      });
      y += h + gap;
    }
  }
  y += 6;
  parts.push(`<text x="10" y="${y + 8}" font-size="11" fill="#555">${esc(caption)}</text>`);
  const height = y + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, sans-serif"><rect width="100%" height="100%" fill="white"/>${parts.join('')}</svg>`;
}

export function svgToPng(svg) {
  return new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'zoom', value: 1.5 } }).render().asPng();
}
