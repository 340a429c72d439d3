import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from './result.js';

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
export const color = (i: number): string => PALETTE[i % PALETTE.length]!;

export interface LineChartOptions {
  readonly width?: number;
  readonly height?: number;
  readonly title?: string;
  readonly legend?: boolean;
  /** Called with the selected x range (seconds) when the user drags across the chart. */
  readonly onSelect?: (from: number, to: number) => void;
}

/** A uPlot line chart of `data` in `parent` (its size follows the parent's width). */
export function lineChart(parent: HTMLElement, data: ChartData, o: LineChartOptions = {}): uPlot {
  const width = o.width ?? Math.max(320, parent.clientWidth || 800);
  const opts: uPlot.Options = {
    width,
    height: o.height ?? 300,
    ...(o.title ? { title: o.title } : {}),
    legend: { show: o.legend ?? true, live: true },
    cursor: { drag: { x: true, y: false, setScale: o.onSelect === undefined } },
    scales: { x: { time: true } },
    series: [{}, ...data.series.map((s, i) => ({ label: s.label, stroke: color(i), width: 1.5, spanGaps: false, points: { show: data.x.length < 60 } }))],
    axes: [{}, { size: 60 }],
    hooks: o.onSelect
      ? {
          setSelect: [
            (u: uPlot) => {
              if (u.select.width < 2) return;
              const from = u.posToVal(u.select.left, 'x');
              const to = u.posToVal(u.select.left + u.select.width, 'x');
              u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
              o.onSelect!(from, to);
            },
          ],
        }
      : {},
  };
  return new uPlot(opts, [data.x, ...data.series.map((s) => s.values)] as uPlot.AlignedData, parent);
}

/**
 * A bar histogram of counts per bucket (x: bucket starts in seconds). A click on a bar calls
 * `onBar(start, end)` with that bucket's range; a drag calls it with the dragged range.
 */
export function barChart(parent: HTMLElement, x: number[], counts: number[], bucketSeconds: number, onBar: (from: number, to: number) => void, height = 120): uPlot {
  const width = Math.max(320, parent.clientWidth || 800);
  const u = new uPlot(
    {
      width,
      height,
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: false }, points: { show: false } },
      scales: { x: { time: true, range: (_u, min, max) => [min, max + bucketSeconds] } },
      series: [{}, { label: 'lines', fill: 'rgba(31,119,180,0.5)', stroke: '#1f77b4', paths: uPlot.paths.bars!({ size: [0.9, 100], align: 1 }), points: { show: false } }],
      axes: [{}, { size: 50 }],
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width < 3) return;
            const from = u.posToVal(u.select.left, 'x');
            const to = u.posToVal(u.select.left + u.select.width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            onBar(from, to);
          },
        ],
      },
    },
    [x, counts],
    parent,
  );
  u.over.addEventListener('click', () => {
    const left = u.cursor.left ?? -1;
    if (left < 0) return;
    const t = u.posToVal(left, 'x');
    const i = x.findIndex((s) => t >= s && t < s + bucketSeconds);
    if (i >= 0) onBar(x[i]!, x[i]! + bucketSeconds);
  });
  return u;
}
