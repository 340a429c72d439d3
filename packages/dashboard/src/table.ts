import { h } from './dom.js';
import { cellText, cellToMs, isTimeType, type ResultSet } from './result.js';
import { formatMs } from './time-range.js';

export interface TableOptions {
  /** At most this many rows are drawn (the rest are counted). */
  readonly maxRows?: number;
  /** Click a row to show all its fields below it. */
  readonly expandable?: boolean;
  readonly testid?: string;
}

function display(v: unknown, type: string): string {
  if (isTimeType(type)) {
    const ms = cellToMs(v, type);
    if (ms !== undefined) return formatMs(ms);
  }
  return cellText(v);
}

function details(rs: ResultSet, row: readonly unknown[]): HTMLElement {
  const dl = h('dl', { class: 'fields' });
  rs.columns.forEach((c, i) => {
    const v = row[i];
    let text = display(v, c.type);
    if (typeof v === 'string' && /^[[{]/.test(v)) {
      try {
        text = JSON.stringify(JSON.parse(v), null, 2);
      } catch {
        /* not JSON */
      }
    } else if (typeof v === 'object' && v !== null) text = JSON.stringify(v, null, 2);
    dl.append(h('dt', {}, c.name, h('span', { class: 'muted' }, ` ${c.type}`)), h('dd', {}, h('pre', {}, text)));
  });
  return dl;
}

/** A result as an HTML table (`data-testid="result-table"` unless told otherwise). */
export function resultTable(rs: ResultSet, o: TableOptions = {}): HTMLElement {
  if (rs.affectedRows !== undefined) return h('div', { class: 'affected', testid: o.testid ?? 'result-table' }, `${rs.affectedRows} row(s) affected`);
  const max = o.maxRows ?? 1000;
  const thead = h('thead', {}, h('tr', {}, ...(o.expandable ? [h('th', {})] : []), ...rs.columns.map((c) => h('th', { title: c.type }, c.name))));
  const tbody = h('tbody');
  rs.rows.slice(0, max).forEach((row) => {
    const cells = rs.columns.map((c, i) => h('td', { class: isTimeType(c.type) ? 'time' : undefined }, display(row[i], c.type)));
    if (!o.expandable) {
      tbody.append(h('tr', {}, ...cells));
      return;
    }
    const toggle = h('button', { class: 'expand', 'aria-label': 'Show fields', 'aria-expanded': 'false' }, '▸');
    const tr = h('tr', { class: 'expandable' }, h('td', {}, toggle), ...cells);
    let open: HTMLElement | undefined;
    tr.addEventListener('click', () => {
      if (open) {
        open.remove();
        open = undefined;
        toggle.textContent = '▸';
        toggle.setAttribute('aria-expanded', 'false');
        return;
      }
      open = h('tr', { class: 'details', testid: 'row-details' }, h('td', { colspan: String(rs.columns.length + 1) }, details(rs, row)));
      tr.after(open);
      toggle.textContent = '▾';
      toggle.setAttribute('aria-expanded', 'true');
    });
    tbody.append(tr);
  });
  const more = rs.rows.length > max ? h('div', { class: 'muted' }, `${rs.rows.length - max} more row(s) not shown (export to see all)`) : null;
  return h('div', { class: 'table-wrap' }, h('table', { class: 'result', testid: o.testid ?? 'result-table', 'data-rows': String(rs.rows.length) }, thead, tbody), more);
}
