import { h, fill, errorBox } from '../dom.js';
import { runSql, sqlIdent, sqlString, sqlObjects, listTables } from '../queries.js';
import { cellToMs, cellText } from '../result.js';
import { resultTable } from '../table.js';
import { timeRangePicker } from '../time-range.js';
import { tsLiteral } from '../logs-sql.js';
import type { Panel } from '../panel.js';
import { spanTree, type Span } from '../span-tree.js';

const DEFAULT_TABLE = 'opentelemetry_traces';

/** Traces: search spans of the OTLP traces table; one trace as a span gantt with attributes. */
export function tracesPanel(): Panel {
  let init: () => Promise<void>;
  return {
    id: 'traces',
    title: 'Traces',
    build(root) {
      const table = h('input', { value: DEFAULT_TABLE, size: 22, testid: 'traces-table', 'aria-label': 'Traces table' });
      const service = h('select', { testid: 'traces-service', 'aria-label': 'Service' });
      const operation = h('input', { placeholder: 'operation (span name)', size: 20, testid: 'traces-operation', 'aria-label': 'Operation' });
      const minMs = h('input', { type: 'number', min: '0', placeholder: 'min ms', size: 6, testid: 'traces-min-duration', 'aria-label': 'Minimum duration in milliseconds' });
      const picker = timeRangePicker(() => void search(), '3600', 'traces-range');
      const go = h('button', { class: 'primary', testid: 'traces-search' }, 'Search');
      const list = h('div', { testid: 'traces-list' });
      const gantt = h('div', { class: 'gantt', testid: 'trace-gantt' });
      const attrs = h('div', { testid: 'span-attributes' });

      init = async () => {
        const tables = await listTables().catch(() => [] as string[]);
        if (!tables.includes(table.value)) {
          fill(list, h('p', { class: 'muted' }, `No table ${table.value} yet: send OTLP traces to /v1/otlp/v1/traces.`));
          return;
        }
        const keep = service.value;
        const services = await sqlObjects(`SELECT DISTINCT service_name FROM ${sqlIdent(table.value)} ORDER BY service_name LIMIT 500`).catch(() => []);
        fill(service, h('option', { value: '' }, 'any service'), ...services.map((r) => h('option', { value: cellText(r.service_name) }, cellText(r.service_name))));
        service.value = keep;
        await search();
      };

      const search = async () => {
        const r = picker.range();
        const where = [`"timestamp" >= ${tsLiteral(r.start)}`, `"timestamp" < ${tsLiteral(r.end)}`];
        if (service.value !== '') where.push(`service_name = ${sqlString(service.value)}`);
        if (operation.value.trim() !== '') where.push(`span_name LIKE ${sqlString(`%${operation.value.trim()}%`)}`);
        if (minMs.value !== '') where.push(`duration_nano >= ${Math.round(Number(minMs.value) * 1e6)}`);
        try {
          const t = sqlIdent(table.value);
          // The traces with a matching span (newest first), then each one whole: its root, spans and length.
          const ids = (await sqlObjects(`SELECT trace_id, min("timestamp") AS started FROM ${t} WHERE ${where.join(' AND ')} GROUP BY trace_id ORDER BY started DESC LIMIT 100`)).map((r) => cellText(r.trace_id));
          const inList = ids.map(sqlString).join(', ');
          const whole = ids.length === 0 ? [] : await sqlObjects(`SELECT trace_id, min("timestamp") AS started, count(*) AS spans, max(duration_nano) AS longest FROM ${t} WHERE trace_id IN (${inList}) GROUP BY trace_id`);
          const roots = ids.length === 0 ? [] : await sqlObjects(`SELECT trace_id, service_name, span_name FROM ${t} WHERE trace_id IN (${inList}) AND (parent_span_id IS NULL OR parent_span_id = '')`);
          const byId = new Map(whole.map((r) => [cellText(r.trace_id), r]));
          const rootOf = new Map(roots.map((r) => [cellText(r.trace_id), `${cellText(r.service_name)}: ${cellText(r.span_name)}`]));
          const rs = {
            columns: [
              { name: 'trace_id', type: 'String' },
              { name: 'started', type: 'TimestampNanosecond' },
              { name: 'root span', type: 'String' },
              { name: 'spans', type: 'Int64' },
              { name: 'duration_ms', type: 'Float64' },
            ],
            rows: ids.map((id) => {
              const w = byId.get(id);
              return [id, w?.started ?? null, rootOf.get(id) ?? '(no root span)', w?.spans ?? null, w ? Number(w.longest) / 1e6 : null];
            }),
          };
          const el = resultTable(rs, { testid: 'traces-result' });
          el.querySelectorAll('tbody tr').forEach((tr, i) => {
            tr.classList.add('clickable');
            tr.addEventListener('click', () => void openTrace(cellText(rs.rows[i]![0])));
          });
          fill(list, rs.rows.length === 0 ? h('p', { class: 'muted' }, 'No trace matches.') : el);
        } catch (e) {
          fill(list, errorBox((e as Error).message, 'traces-error'));
        }
      };

      const openTrace = async (traceId: string) => {
        fill(attrs);
        try {
          const rs = (await runSql(`SELECT * FROM ${sqlIdent(table.value)} WHERE trace_id = ${sqlString(traceId)} ORDER BY "timestamp" LIMIT 2000`)).results[0]!;
          const rows = rs.rows.map((r) => Object.fromEntries(rs.columns.map((c, i) => [c.name, r[i]])));
          const spans: Span[] = rows.map((row) => ({
            id: cellText(row.span_id),
            parent: cellText(row.parent_span_id),
            name: cellText(row.span_name),
            service: cellText(row.service_name),
            startMs: cellToMs(row.timestamp, 'TimestampNanosecond') ?? 0,
            durationMs: Number(row.duration_nano ?? 0) / 1e6,
            row,
          }));
          const t0 = Math.min(...spans.map((s) => s.startMs));
          const total = Math.max(...spans.map((s) => s.startMs + s.durationMs)) - t0 || 1;
          fill(
            gantt,
            h('h4', {}, `trace ${traceId}: ${spans.length} span(s), ${total.toFixed(2)} ms`),
            ...spanTree(spans).map(({ span, depth }) => {
              const bar = h('div', { class: 'bar', style: `left:${((span.startMs - t0) / total) * 100}%;width:${Math.max(0.3, (span.durationMs / total) * 100)}%` });
              const row = h(
                'div',
                { class: 'gantt-row', testid: 'gantt-span', title: `${span.service}: ${span.name} (${span.durationMs.toFixed(3)} ms)` },
                h('div', { class: 'gantt-label', style: `padding-left:${depth * 12}px` }, h('strong', {}, span.service), ' ', span.name),
                h('div', { class: 'gantt-track' }, bar, h('span', { class: 'gantt-ms' }, `${span.durationMs.toFixed(2)} ms`)),
              );
              row.addEventListener('click', () => {
                fill(attrs, h('h4', {}, `span ${span.id}`), resultTable({ columns: rs.columns, rows: [rs.columns.map((c) => span.row[c.name])] }, { expandable: true, testid: 'span-table' }));
                attrs.querySelector<HTMLElement>('tr.expandable')?.click();
              });
              return row;
            }),
          );
        } catch (e) {
          fill(gantt, errorBox((e as Error).message, 'traces-error'));
        }
      };

      go.addEventListener('click', () => void init());
      root.append(h('div', { class: 'toolbar' }, h('label', {}, 'Table ', table), service, operation, minMs, picker.el, go), list, gantt, attrs);
    },
    show() {
      void init();
    },
  };
}
