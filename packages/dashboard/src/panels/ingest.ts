import { h, fill, select, errorBox } from '../dom.js';
import { currentDb, getJson, request } from '../api.js';
import { runSql, tableColumns, sqlIdent } from '../queries.js';
import { resultTable } from '../table.js';
import type { Panel } from '../panel.js';
import { measurements } from '../line-protocol.js';

/** Ingest: paste or upload log lines through a pipeline, or line protocol, and see what was written. */
export function ingestPanel(): Panel {
  let loadPipelines: () => Promise<void>;
  return {
    id: 'ingest',
    title: 'Ingest',
    build(root) {
      const mode = select({ testid: 'ingest-mode', 'aria-label': 'What to send' }, [['logs', 'Log lines through a pipeline'], ['lineproto', 'InfluxDB line protocol']], 'logs');
      const table = h('input', { value: 'logs', size: 16, testid: 'ingest-table', 'aria-label': 'Table' });
      const pipeline = h('select', { testid: 'ingest-pipeline', 'aria-label': 'Pipeline' });
      const type = select({ testid: 'ingest-type', 'aria-label': 'Format' }, [['text/plain', 'text lines'], ['application/x-ndjson', 'NDJSON'], ['application/json', 'JSON']], 'text/plain');
      const precision = select({ testid: 'ingest-precision', 'aria-label': 'Precision' }, ['ns', 'us', 'ms', 's'], 'ns');
      const input = h('textarea', { rows: 10, testid: 'ingest-input', spellcheck: 'false', 'aria-label': 'Data to send', placeholder: 'Paste log lines here, or choose a file' });
      const file = h('input', { type: 'file', testid: 'ingest-file', 'aria-label': 'File' });
      const send = h('button', { class: 'primary', testid: 'ingest-send' }, 'Send');
      const result = h('div', { testid: 'ingest-result' });
      const logOpts = h('span', {}, h('label', {}, 'Table ', table), h('label', {}, 'Pipeline ', pipeline), h('label', {}, 'Format ', type));
      const lpOpts = h('span', {}, h('label', {}, 'Precision ', precision));
      const showMode = () => {
        logOpts.style.display = mode.value === 'logs' ? '' : 'none';
        lpOpts.style.display = mode.value === 'lineproto' ? '' : 'none';
        input.placeholder = mode.value === 'logs' ? 'Paste log lines here, or choose a file' : 'cpu,host=a usage=0.5 1700000000000000000';
      };
      mode.addEventListener('change', showMode);
      file.addEventListener('change', async () => {
        const f = file.files?.[0];
        if (f) input.value = await f.text();
      });

      loadPipelines = async () => {
        const keep = pipeline.value;
        let names: string[] = [];
        try {
          names = [...new Set((await getJson<{ pipelines: { name: string }[] }>('/v1/pipelines')).pipelines.map((p) => p.name))];
        } catch {
          /* listed below as built-in only */
        }
        fill(pipeline, ...['service_identity', ...names].map((n) => h('option', { value: n }, n)));
        if (keep && [...pipeline.options].some((o) => o.value === keep)) pipeline.value = keep;
      };

      const written = async (tables: Map<string, number>) => {
        const out: HTMLElement[] = [];
        for (const [t, n] of tables) {
          const cols = await tableColumns(t);
          const time = cols.find((c) => /timestamp/i.test(c.semantic))?.name;
          const rs = (await runSql(`SELECT * FROM ${sqlIdent(t)}${time ? ` ORDER BY ${sqlIdent(time)} DESC` : ''} LIMIT ${Math.min(Math.max(n, 1), 100)}`)).results[0]!;
          out.push(h('h4', {}, `${t}: the newest ${rs.rows.length} row(s)`), resultTable(rs, { testid: 'ingest-rows', expandable: true }));
        }
        return out;
      };

      send.addEventListener('click', async () => {
        fill(result, h('span', { class: 'muted' }, 'sending…'));
        send.disabled = true;
        try {
          const db = encodeURIComponent(currentDb());
          if (mode.value === 'logs') {
            const t = table.value.trim();
            const res = await request(`/v1/ingest?db=${db}&table=${encodeURIComponent(t)}&pipeline_name=${encodeURIComponent(pipeline.value)}`, {
              method: 'POST',
              headers: { 'content-type': type.value },
              body: input.value,
            });
            const body = (await res.json()) as { output: { affectedrows: number }[]; execution_time_ms: number };
            const n = body.output.reduce((a, o) => a + (o.affectedrows ?? 0), 0);
            fill(result, h('div', { class: 'ok', testid: 'ingest-summary' }, `${n} row(s) written to ${t} in ${body.execution_time_ms} ms`), ...(await written(new Map([[t, n]]))));
          } else {
            await request(`/v1/lineproto/write?db=${db}&precision=${precision.value}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: input.value });
            const ms = measurements(input.value);
            const lines = [...ms.values()].reduce((a, b) => a + b, 0);
            fill(result, h('div', { class: 'ok', testid: 'ingest-summary' }, `${lines} line(s) written to ${[...ms.keys()].join(', ')}`), ...(await written(ms)));
          }
        } catch (e) {
          fill(result, errorBox((e as Error).message, 'ingest-error'));
        } finally {
          send.disabled = false;
        }
      });

      root.append(h('div', { class: 'toolbar' }, mode, logOpts, lpOpts), input, h('div', { class: 'toolbar' }, file, h('span', { class: 'spacer' }), send), result);
      showMode();
    },
    show() {
      void loadPipelines();
    },
  };
}
