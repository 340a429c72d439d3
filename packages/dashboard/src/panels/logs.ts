import { h, fill, errorBox } from '../dom.js';
import { runSql, listTables, tableColumns, sqlIdent, sqlString, type ColumnInfo } from '../queries.js';
import { cellToMs, type ResultSet } from '../result.js';
import { resultTable } from '../table.js';
import { barChart } from '../chart.js';
import { timeRangePicker, bucketSeconds, type TimeRange } from '../time-range.js';
import { toCsv, toNdjson, download } from '../export.js';
import type { Panel } from '../panel.js';
import { tsLiteral, logsWhere } from '../logs-sql.js';

const LIMIT = 500;
const TAIL_MS = 2000;

/** Logs: a table's lines over a time range with a text search, a volume histogram and live tail. */
export function logsPanel(): Panel {
  let picker: ReturnType<typeof timeRangePicker>;
  let tableSelect: HTMLSelectElement;
  let refresh: () => Promise<void>;
  let stopTail: () => void = () => undefined;
  let loadTables: (want?: string) => Promise<void>;
  return {
    id: 'logs',
    title: 'Logs',
    build(root) {
      tableSelect = h('select', { testid: 'logs-table', 'aria-label': 'Table' });
      const search = h('input', { type: 'search', placeholder: 'Search text in any string column', size: 36, testid: 'logs-search', 'aria-label': 'Search' });
      const run = h('button', { class: 'primary', testid: 'logs-run' }, 'Search');
      const live = h('input', { type: 'checkbox', testid: 'logs-live' });
      const hist = h('div', { class: 'chart histogram', testid: 'logs-histogram' });
      const lines = h('div', { testid: 'logs-lines' });
      const status = h('span', { class: 'muted', testid: 'logs-status' });
      const csv = h('button', { testid: 'logs-export-csv' }, 'CSV');
      const ndjson = h('button', { testid: 'logs-export-ndjson' }, 'NDJSON');
      picker = timeRangePicker(() => void refresh(), '3600', 'logs-range');
      let columns: ColumnInfo[] = [];
      let shown: ResultSet | undefined;
      let newestMs = 0;
      /** Bumped by every search: an answer to an older one (or a live-tail poll sent before it) is dropped. */
      let refreshed = 0;

      const timeColumn = () => columns.find((c) => /timestamp/i.test(c.semantic))?.name ?? columns.find((c) => /^timestamp/i.test(c.type))?.name;
      const stringColumns = () => columns.filter((c) => /^string$/i.test(c.type)).map((c) => c.name);

      const draw = (rs: ResultSet) => {
        shown = rs;
        const t = rs.columns.findIndex((c) => c.name === timeColumn());
        newestMs = rs.rows.reduce((m, r) => Math.max(m, cellToMs(r[t], rs.columns[t]?.type ?? '') ?? 0), newestMs);
        fill(lines, resultTable(rs, { expandable: true, testid: 'result-table' }));
        status.textContent = `${rs.rows.length}${rs.rows.length >= LIMIT ? '+' : ''} line(s), newest first`;
      };

      refresh = async () => {
        const mine = ++refreshed;
        const table = tableSelect.value;
        const time = timeColumn();
        fill(hist);
        if (table === '' || time === undefined) {
          fill(lines, table === '' ? h('p', { class: 'muted' }, 'No tables in this database yet (see Ingest).') : errorBox(`table ${table} has no time index column`));
          return;
        }
        const r = picker.range();
        const where = logsWhere(time, stringColumns(), r, search.value);
        const bucket = bucketSeconds(r);
        status.textContent = 'searching…';
        try {
          const [histOut, linesOut] = await Promise.all([
            runSql(`SELECT date_bin(INTERVAL '${bucket} seconds', ${sqlIdent(time)}) AS bucket, count(*) AS n FROM ${sqlIdent(table)} WHERE ${where} GROUP BY bucket ORDER BY bucket`),
            runSql(`SELECT * FROM ${sqlIdent(table)} WHERE ${where} ORDER BY ${sqlIdent(time)} DESC LIMIT ${LIMIT}`),
          ]);
          // A newer search (the table's first load, then the user's search) answered or will: drop this one.
          if (mine !== refreshed) return;
          const hr = histOut.results[0]!;
          const counts = new Map(hr.rows.map((row) => [Math.floor((cellToMs(row[0], hr.columns[0]!.type) ?? 0) / 1000), Number(row[1])]));
          const xs: number[] = [];
          for (let x = Math.floor(r.start / bucket) * bucket; x < r.end; x += bucket) xs.push(x);
          const total = [...counts.values()].reduce((a, b) => a + b, 0);
          hist.dataset.total = String(total);
          // Where the bars are, for tests and tools: the x scale's ends and the buckets that have lines.
          hist.dataset.from = String(xs[0] ?? r.start);
          hist.dataset.to = String((xs[xs.length - 1] ?? r.start) + bucket);
          hist.dataset.filled = xs.filter((x) => counts.has(x)).join(',');
          hist.dataset.bucket = String(bucket);
          barChart(hist, xs, xs.map((x) => counts.get(x) ?? 0), bucket, (from, to) => {
            picker.set({ start: from, end: to });
            void refresh();
          });
          newestMs = 0;
          draw(linesOut.results[0]!);
          status.textContent += ` · ${total} in range`;
        } catch (e) {
          if (mine !== refreshed) return;
          status.textContent = '';
          fill(lines, errorBox((e as Error).message, 'logs-error'));
        }
      };

      const tail = async () => {
        const table = tableSelect.value;
        const time = timeColumn();
        if (!shown || table === '' || time === undefined) return;
        const now = Date.now() / 1000;
        const since = newestMs > 0 ? newestMs / 1000 + 0.001 : now - 60;
        const where = logsWhere(time, stringColumns(), { start: since, end: now + 3600 }, search.value);
        const mine = refreshed;
        try {
          const out = (await runSql(`SELECT * FROM ${sqlIdent(table)} WHERE ${where} ORDER BY ${sqlIdent(time)} DESC LIMIT ${LIMIT}`)).results[0]!;
          if (mine !== refreshed) return;
          if (out.rows.length > 0) draw({ columns: out.columns, rows: [...out.rows, ...shown.rows].slice(0, 2 * LIMIT) });
        } catch (e) {
          status.textContent = `live tail: ${(e as Error).message}`;
        }
      };
      let timer: ReturnType<typeof setInterval> | undefined;
      stopTail = () => {
        if (timer !== undefined) clearInterval(timer);
        timer = undefined;
      };
      live.addEventListener('change', () => {
        stopTail();
        if (live.checked) timer = setInterval(() => void tail(), TAIL_MS);
      });

      loadTables = async (want?: string) => {
        try {
          const tables = await listTables();
          const keep = want ?? (tableSelect.value || localStorage.getItem('sluice.logs.table') || '');
          fill(tableSelect, ...tables.map((t) => h('option', { value: t }, t)));
          if (tables.includes(keep)) tableSelect.value = keep;
          await pickTable();
        } catch (e) {
          fill(lines, errorBox((e as Error).message, 'logs-error'));
        }
      };
      const pickTable = async () => {
        localStorage.setItem('sluice.logs.table', tableSelect.value);
        columns = tableSelect.value === '' ? [] : await tableColumns(tableSelect.value);
        await refresh();
      };
      tableSelect.addEventListener('change', () => void pickTable());
      run.addEventListener('click', () => void refresh());
      search.addEventListener('keydown', (e) => e.key === 'Enter' && void refresh());
      csv.addEventListener('click', () => shown && download(`${tableSelect.value}.csv`, toCsv(shown), 'text/csv'));
      ndjson.addEventListener('click', () => shown && download(`${tableSelect.value}.ndjson`, toNdjson(shown), 'application/x-ndjson'));

      root.append(
        h('div', { class: 'toolbar' }, h('label', {}, 'Table ', tableSelect), picker.el, search, run, h('label', {}, live, ' Live tail'), h('span', { class: 'spacer' }), 'Export ', csv, ndjson),
        hist,
        h('div', { class: 'toolbar' }, status, h('span', { class: 'muted' }, ' · click a bar or drag over the histogram to zoom; click a line for its fields')),
        lines,
      );
    },
    show(params) {
      const start = params.get('start');
      const end = params.get('end');
      if (start !== null && end !== null) picker.set({ start: Number(start), end: Number(end) });
      void loadTables(params.get('table') ?? undefined);
    },
    hide() {
      stopTail();
      const live = document.querySelector<HTMLInputElement>('[data-testid="logs-live"]');
      if (live) live.checked = false;
    },
  };
}
