import { h, fill, errorBox } from '../dom.js';
import { getJson, request } from '../api.js';
import { runSql, sqlIdent, sqlObjects } from '../queries.js';
import { parsePromText, sumBy, type Sample } from '../prom-text.js';
import { resultTable } from '../table.js';
import type { Panel } from '../panel.js';

const POLL_MS = 5000;
const MAX_COUNTED = 30;

function bytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) (n /= 1024), i++;
  return `${n.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}

/** Status: build, ingest and request rates from `/metrics`, and the tables from `information_schema`. */
export function statusPanel(): Panel {
  let timer: ReturnType<typeof setInterval> | undefined;
  let poll: () => Promise<void>;
  let loadTables: () => Promise<void>;
  return {
    id: 'status',
    title: 'Status',
    build(root) {
      const build = h('div', { testid: 'status-build' });
      const rates = h('div', { class: 'cards', testid: 'status-rates' });
      const ingest = h('div', { testid: 'status-ingest' });
      const tables = h('div', { testid: 'status-tables' });
      let prev: { at: number; samples: Sample[] } | undefined;

      poll = async () => {
        try {
          const text = await (await request('/metrics')).text();
          const samples = parsePromText(text);
          const now = performance.now();
          const dt = prev ? (now - prev.at) / 1000 : 0;
          const total = (s: readonly Sample[], name: string) => sumBy(s, name).get('') ?? 0;
          const rate = (name: string) => (prev && dt > 0 ? `${((total(samples, name) - total(prev.samples, name)) / dt).toFixed(1)}/s` : '…');
          const card = (label: string, value: string, testid: string) => h('div', { class: 'card', testid }, h('div', { class: 'muted' }, label), h('div', { class: 'big' }, value));
          fill(
            rates,
            card('Rows ingested', String(total(samples, 'sluice_ingest_rows_total')), 'status-rows-total'),
            card('Ingest rate', rate('sluice_ingest_rows_total'), 'status-ingest-rate'),
            card('HTTP requests', String(total(samples, 'sluice_http_requests_total')), 'status-requests'),
            card('Request rate', rate('sluice_http_requests_total'), 'status-request-rate'),
            card('Store on disk', bytes(total(samples, 'sluice_store_size_bytes')), 'status-store-size'),
            card('Tables', String(total(samples, 'sluice_store_tables')), 'status-table-count'),
            card('Pipeline errors', String(total(samples, 'sluice_pipeline_errors_total')), 'status-pipeline-errors'),
          );
          const byTable = new Map<string, number>();
          for (const s of samples) if (s.name === 'sluice_ingest_rows_total') byTable.set(`${s.labels.db ?? ''}.${s.labels.table ?? ''} (${s.labels.pipeline ?? ''})`, s.value);
          fill(
            ingest,
            resultTable(
              { columns: [{ name: 'table (pipeline or protocol)', type: 'String' }, { name: 'rows ingested since start', type: 'UInt64' }], rows: [...byTable].sort((a, b) => b[1] - a[1]) },
              { testid: 'status-ingest-table' },
            ),
          );
          prev = { at: now, samples };
        } catch (e) {
          fill(rates, errorBox((e as Error).message, 'status-error'));
        }
      };

      loadTables = async () => {
        try {
          const info = await getJson<Record<string, unknown>>('/status');
          fill(build, h('code', {}, Object.entries(info).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(' · ')));
          const list = await sqlObjects(
            "SELECT table_schema, table_name, create_time FROM information_schema.tables WHERE table_type = 'BASE TABLE' ORDER BY table_schema, table_name",
          );
          const rows: unknown[][] = [];
          for (const [i, t] of list.entries()) {
            let count: unknown = 'not counted';
            if (i < MAX_COUNTED) {
              try {
                count = (await runSql(`SELECT count(*) FROM ${sqlIdent(String(t.table_name))}`, String(t.table_schema))).results[0]!.rows[0]![0];
              } catch (e) {
                count = (e as Error).message;
              }
            }
            rows.push([t.table_schema, t.table_name, count, t.create_time]);
          }
          fill(
            tables,
            resultTable(
              { columns: [{ name: 'database', type: 'String' }, { name: 'table', type: 'String' }, { name: 'rows', type: 'UInt64' }, { name: 'created', type: 'TimestampMillisecond' }], rows },
              { testid: 'status-table-list' },
            ),
          );
        } catch (e) {
          fill(tables, errorBox((e as Error).message, 'status-error'));
        }
      };

      root.append(h('h3', {}, 'Server'), build, rates, h('h3', {}, 'Ingested rows by table'), ingest, h('h3', {}, 'Tables'), h('p', { class: 'muted' }, 'From information_schema.tables; row counts by count(*).'), tables);
    },
    show() {
      void poll();
      void loadTables();
      if (timer === undefined) timer = setInterval(() => void poll(), POLL_MS);
    },
    hide() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}
