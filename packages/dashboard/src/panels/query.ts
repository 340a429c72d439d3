import { h, fill, select, errorBox } from '../dom.js';
import { createEditor, type Editor } from '../editor.js';
import { runSql, promResult, autoStep } from '../queries.js';
import { sqlChartData, matrixChartData, type ResultSet, type ChartData } from '../result.js';
import { resultTable } from '../table.js';
import { lineChart } from '../chart.js';
import { toCsv, toNdjson, download } from '../export.js';
import { addRecent, recentQueries, savedQueries, saveQuery, deleteSaved, type KeptQuery } from '../history.js';
import { timeRangePicker } from '../time-range.js';
import { go, type Panel } from '../panel.js';

const EXAMPLES: Record<string, string> = {
  sql: "SELECT table_schema, table_name, create_time FROM information_schema.tables WHERE table_type = 'BASE TABLE' ORDER BY table_schema, table_name",
  promql: 'up',
};

/** Query: SQL or PromQL in an editor, results as a table and (for time series) a line chart. */
export function queryPanel(): Panel {
  let editor: Editor;
  let lang: HTMLSelectElement;
  let runNow: () => Promise<void>;
  return {
    id: 'query',
    title: 'Query',
    build(root) {
      const results = h('div', { class: 'results' });
      const status = h('span', { class: 'muted', testid: 'query-status' });
      let last: ResultSet | undefined;
      let lastChart: ChartData | undefined;
      lang = select({ testid: 'query-lang', 'aria-label': 'Language' }, [['sql', 'SQL'], ['promql', 'PromQL']], localStorage.getItem('sluice.lang') ?? 'sql');
      const mode = select({ testid: 'promql-mode', 'aria-label': 'PromQL query type' }, [['range', 'Range'], ['instant', 'Instant']], 'range');
      const range = timeRangePicker(() => undefined, '3600', 'query-range');
      const step = h('input', { placeholder: 'step (auto)', size: 8, testid: 'promql-step', 'aria-label': 'Step in seconds' });
      const promOpts = h('span', { class: 'prom-opts' }, mode, range.el, step);
      const run = h('button', { class: 'primary', testid: 'run-query', title: 'Run (Ctrl+Enter)' }, 'Run');
      const csv = h('button', { testid: 'export-csv', disabled: true }, 'CSV');
      const ndjson = h('button', { testid: 'export-ndjson', disabled: true }, 'NDJSON');
      const logsJump = h('button', { testid: 'query-to-logs', title: 'Logs of the charted time range' }, 'Logs in range');
      logsJump.style.display = 'none';
      const saveName = h('input', { placeholder: 'name', size: 12, testid: 'save-name', 'aria-label': 'Name to save the query under' });
      const save = h('button', { testid: 'save-query' }, 'Save');
      const recentList = h('ul', { class: 'kept', testid: 'recent-queries' });
      const savedList = h('ul', { class: 'kept', testid: 'saved-queries' });
      const editorBox = h('div', { class: 'editor', testid: 'query-editor' });

      const showLang = () => {
        promOpts.style.display = lang.value === 'promql' ? '' : 'none';
        localStorage.setItem('sluice.lang', lang.value);
      };
      const load = (q: KeptQuery) => {
        lang.value = q.lang;
        showLang();
        editor.setLanguage(q.lang === 'promql' ? 'promql' : 'sql');
        editor.value = q.text;
        editor.focus();
      };
      const renderKept = () => {
        fill(recentList, ...recentQueries().map((q) => h('li', {}, h('a', { href: 'javascript:void 0', title: q.text, onclick: () => load(q) }, h('span', { class: 'tag' }, q.lang), ' ', q.text))));
        fill(
          savedList,
          ...savedQueries().map((q) =>
            h('li', {}, h('a', { href: 'javascript:void 0', title: q.text, onclick: () => load(q) }, h('span', { class: 'tag' }, q.lang), ' ', q.name ?? ''), ' ', h('button', { class: 'link', title: 'Delete', onclick: () => (deleteSaved(q.name!), renderKept()) }, '×')),
          ),
        );
      };

      runNow = async () => {
        const text = editor.value.trim();
        if (text === '') return;
        run.disabled = true;
        status.textContent = 'running…';
        fill(results);
        last = undefined;
        lastChart = undefined;
        csv.disabled = ndjson.disabled = true;
        logsJump.style.display = 'none';
        const t0 = performance.now();
        try {
          addRecent(lang.value, text);
          const charts: ChartData[] = [];
          const tables: ResultSet[] = [];
          if (lang.value === 'sql') {
            const { results: rs, ms } = await runSql(text);
            tables.push(...rs);
            for (const r of rs) {
              const c = sqlChartData(r);
              if (c) charts.push(c);
            }
            status.textContent = `${rs.map((r) => (r.affectedRows !== undefined ? `${r.affectedRows} affected` : `${r.rows.length} row(s)`)).join(', ')} · ${ms} ms on the server`;
          } else {
            const r = range.range();
            const s = step.value.trim() === '' ? autoStep(r.start, r.end) : Number(step.value);
            const out = await promResult(text, mode.value === 'range' ? { ...r, step: s } : undefined);
            tables.push(out.table);
            if (out.data.resultType === 'matrix') charts.push(matrixChartData(out.data.result as never));
            status.textContent = `${out.data.resultType}, ${out.table.rows.length} point(s) · ${Math.round(performance.now() - t0)} ms`;
          }
          const chart = charts[0];
          if (chart && chart.x.length > 0) {
            const box = h('div', { class: 'chart', testid: 'result-chart', 'data-series': String(chart.series.length) });
            results.append(box);
            lineChart(box, chart, {
              onSelect: (from, to) => {
                if (lang.value === 'promql') {
                  range.set({ start: from, end: to });
                  void runNow();
                }
              },
            });
            lastChart = chart;
            logsJump.style.display = '';
          }
          for (const t of tables) results.append(resultTable(t));
          last = [...tables].reverse().find((t) => t.affectedRows === undefined);
          csv.disabled = ndjson.disabled = last === undefined;
        } catch (e) {
          status.textContent = '';
          results.append(errorBox((e as Error).message, 'query-error'));
        } finally {
          run.disabled = false;
          renderKept();
        }
      };

      csv.addEventListener('click', () => last && download('result.csv', toCsv(last), 'text/csv'));
      ndjson.addEventListener('click', () => last && download('result.ndjson', toNdjson(last), 'application/x-ndjson'));
      logsJump.addEventListener('click', () => {
        if (lastChart) go('logs', { start: String(Math.floor(lastChart.x[0]!)), end: String(Math.ceil(lastChart.x[lastChart.x.length - 1]!)) });
      });
      save.addEventListener('click', () => {
        const name = saveName.value.trim() || editor.value.trim().slice(0, 40);
        if (name === '') return;
        saveQuery(name, lang.value, editor.value);
        saveName.value = '';
        renderKept();
      });
      run.addEventListener('click', () => void runNow());
      lang.addEventListener('change', () => {
        showLang();
        editor.setLanguage(lang.value === 'promql' ? 'promql' : 'sql');
        if (editor.value.trim() === '' || Object.values(EXAMPLES).includes(editor.value)) editor.value = EXAMPLES[lang.value]!;
      });

      root.append(
        h(
          'div',
          { class: 'split' },
          h(
            'div',
            { class: 'grow' },
            h('div', { class: 'toolbar' }, lang, promOpts, run, h('span', { class: 'muted' }, 'Ctrl+Enter runs'), h('span', { class: 'spacer' }), logsJump, 'Export ', csv, ndjson),
            editorBox,
            h('div', { class: 'toolbar' }, status),
            results,
          ),
          h('aside', {}, h('h3', {}, 'Saved'), h('div', { class: 'toolbar' }, saveName, save), savedList, h('h3', {}, 'Recent'), recentList),
        ),
      );
      editor = createEditor(editorBox, { lang: lang.value === 'promql' ? 'promql' : 'sql', value: EXAMPLES[lang.value], onRun: () => void runNow(), minLines: 5 });
      showLang();
      renderKept();
    },
    show(params) {
      const q = params.get('q');
      if (q !== null) {
        const l = params.get('lang') === 'promql' ? 'promql' : 'sql';
        lang.value = l;
        lang.dispatchEvent(new Event('change'));
        editor.value = q;
        if (params.get('run') === '1') void runNow();
      }
    },
  };
}
