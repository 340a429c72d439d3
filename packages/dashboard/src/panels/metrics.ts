import { h, fill, select, errorBox, debounce } from '../dom.js';
import { metricNames, promRange, seriesOf, autoStep } from '../queries.js';
import { matrixChartData } from '../result.js';
import { lineChart } from '../chart.js';
import { timeRangePicker } from '../time-range.js';
import { go, type Panel } from '../panel.js';
import { prefixTree } from '../prefix-tree.js';

const MAX_LABELS = 8;

/** Metrics: browse names, chart one, break it down by each label, jump to the logs of a range. */
export function metricsPanel(): Panel {
  let reload: () => Promise<void>;
  return {
    id: 'metrics',
    title: 'Metrics',
    build(root) {
      const search = h('input', { type: 'search', placeholder: 'Filter metric names', testid: 'metrics-search', 'aria-label': 'Filter metric names' });
      const tree = h('div', { class: 'tree', testid: 'metrics-tree' });
      const title = h('h3', { testid: 'metric-title' }, 'Pick a metric');
      const fn = select({ testid: 'metric-fn', 'aria-label': 'Function' }, [['raw', 'value'], ['rate', 'rate [5m]']], 'raw');
      const picker = timeRangePicker(() => void draw(), '3600', 'metrics-range');
      const logs = h('button', { testid: 'metric-to-logs', title: 'The logs of the same time range' }, 'Logs in this range');
      const chartBox = h('div', { class: 'chart', testid: 'metric-chart' });
      const breakdown = h('div', { class: 'multiples', testid: 'metric-breakdown' });
      let names: string[] = [];
      let metric = '';
      /** Bumped by every draw: an answer to an older one (a slow query, then a new pick) is dropped. */
      let drawn = 0;

      const expr = (inner: string) => (fn.value === 'rate' ? `rate(${inner}[5m])` : inner);
      const renderTree = () => {
        const f = search.value.trim().toLowerCase();
        const shown = names.filter((n) => n.toLowerCase().includes(f));
        const groups = prefixTree(shown);
        fill(
          tree,
          ...[...groups].map(([prefix, list]) =>
            h(
              'details',
              { open: f !== '' || groups.size < 6 },
              h('summary', {}, prefix, h('span', { class: 'muted' }, ` (${list.length})`)),
              h('ul', {}, ...list.map((n) => h('li', {}, h('a', { href: 'javascript:void 0', testid: `metric-${n}`, class: n === metric ? 'active' : undefined, onclick: () => pick(n) }, n)))),
            ),
          ),
        );
        if (shown.length === 0) tree.append(h('p', { class: 'muted' }, names.length === 0 ? 'No metrics in this database yet.' : 'No metric matches.'));
      };
      const pick = (n: string) => {
        metric = n;
        title.textContent = n;
        renderTree();
        void draw();
      };

      const draw = async () => {
        if (metric === '') return;
        const r = picker.range();
        const step = autoStep(r.start, r.end, 200);
        const mine = ++drawn;
        const current = () => mine === drawn;
        fill(chartBox);
        fill(breakdown);
        // What the chart shows, for tests and tools: loading, empty, error or drawn (with data-series).
        delete chartBox.dataset.series;
        chartBox.dataset.state = 'loading';
        try {
          const main = await promRange(expr(metric), r.start, r.end, step);
          if (!current()) return;
          const data = matrixChartData(main.result as never);
          if (data.x.length === 0) {
            chartBox.dataset.state = 'empty';
            return fill(chartBox, h('p', { class: 'muted' }, 'No samples in this range.'));
          }
          chartBox.dataset.series = String(data.series.length);
          chartBox.dataset.state = 'drawn';
          lineChart(chartBox, data, { onSelect: (from, to) => (picker.set({ start: from, end: to }), void draw()) });
          const labels = new Set<string>();
          const series = await seriesOf(metric, r.start, r.end);
          if (!current()) return;
          for (const s of series) for (const k of Object.keys(s)) if (k !== '__name__') labels.add(k);
          for (const label of [...labels].sort().slice(0, MAX_LABELS)) {
            const box = h('div', { class: 'multiple', testid: `breakdown-${label}` });
            const chart = h('div', { class: 'chart small' });
            box.append(h('div', { class: 'toolbar' }, h('strong', {}, `by ${label}`), h('span', { class: 'spacer' }), h('button', { class: 'link', onclick: () => go('logs', { start: String(Math.floor(r.start)), end: String(Math.ceil(r.end)) }) }, 'logs')), chart);
            breakdown.append(box);
            const by = await promRange(`sum by (${label}) (${expr(metric)})`, r.start, r.end, step);
            if (!current()) return;
            const d = matrixChartData(by.result as never);
            if (d.x.length > 0) lineChart(chart, d, { width: 380, height: 180, legend: d.series.length <= 6, onSelect: (from, to) => (picker.set({ start: from, end: to }), void draw()) });
          }
        } catch (e) {
          if (!current()) return;
          chartBox.dataset.state = 'error';
          fill(chartBox, errorBox((e as Error).message, 'metrics-error'));
        }
      };

      reload = async () => {
        try {
          names = await metricNames();
          renderTree();
        } catch (e) {
          fill(tree, errorBox((e as Error).message, 'metrics-error'));
        }
      };
      search.addEventListener('input', debounce(renderTree, 100));
      fn.addEventListener('change', () => void draw());
      logs.addEventListener('click', () => {
        const r = picker.range();
        go('logs', { start: String(Math.floor(r.start)), end: String(Math.ceil(r.end)) });
      });

      root.append(
        h(
          'div',
          { class: 'split' },
          h('aside', { class: 'left' }, search, tree),
          h('div', { class: 'grow' }, h('div', { class: 'toolbar' }, title, h('span', { class: 'spacer' }), fn, picker.el, logs), chartBox, h('h3', {}, 'Breakdown by label'), breakdown),
        ),
      );
    },
    show(params) {
      void reload().then(() => {
        const m = params.get('metric');
        if (m) document.querySelector<HTMLElement>(`[data-testid="metric-${CSS.escape(m)}"]`)?.click();
      });
    },
  };
}
