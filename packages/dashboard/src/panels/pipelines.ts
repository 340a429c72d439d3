import { h, fill, select, errorBox, debounce } from '../dom.js';
import { createEditor, type Editor } from '../editor.js';
import { getJson, request } from '../api.js';
import { resultTable } from '../table.js';
import type { SampleType } from '../dryrun.js';

// The pipeline engine (YAML, dissect, regex, VRL, luxon) is loaded when this panel first runs a dry run.
const engine = () => import('../dryrun.js');
import type { Panel } from '../panel.js';

const STARTER = `# A pipeline: processors turn each input into fields, transform types them into columns.
version: 2
processors:
  - dissect:
      fields:
        - message
      patterns:
        - '%{ip} - - [%{ts}] "%{method} %{path} %{proto}" %{status} %{bytes}'
  - date:
      fields:
        - ts
      formats:
        - '%d/%b/%Y:%H:%M:%S %z'
transform:
  - fields:
      - ip
      - method
    type: string
    index: tag
  - fields:
      - status
      - bytes
    type: int32
  - fields:
      - ts
    type: time
    index: timestamp
`;

const SAMPLE = `127.0.0.1 - - [25/Nov/2026:09:30:00 +0000] "GET /index.html HTTP/1.1" 200 512
10.0.0.7 - - [25/Nov/2026:09:30:02 +0000] "POST /login HTTP/1.1" 302 0
not an access log line`;

interface Listed {
  name: string;
  version: string;
}

/** Pipelines: list, edit, upload and delete, with a dry run in the browser and on the server. */
export function pipelinesPanel(): Panel {
  let reload: () => Promise<void>;
  return {
    id: 'pipelines',
    title: 'Pipelines',
    build(root) {
      const list = h('div', { class: 'pipeline-list', testid: 'pipelines-list' });
      const name = h('input', { placeholder: 'pipeline name', size: 24, testid: 'pipeline-name', 'aria-label': 'Pipeline name' });
      const version = h('span', { class: 'muted', testid: 'pipeline-version' });
      const upload = h('button', { class: 'primary', testid: 'pipeline-upload' }, 'Upload');
      const del = h('button', { testid: 'pipeline-delete' }, 'Delete version');
      const fresh = h('button', { testid: 'pipeline-new' }, 'New');
      const message = h('div', { testid: 'pipeline-message' });
      const editorBox = h('div', { class: 'editor', testid: 'pipeline-editor' });
      const type = select({ testid: 'dryrun-type', 'aria-label': 'Sample format' }, [['text/plain', 'text lines'], ['application/x-ndjson', 'NDJSON'], ['application/json', 'JSON']], 'text/plain');
      const sample = h('textarea', { rows: 6, testid: 'dryrun-input', spellcheck: 'false', 'aria-label': 'Sample input' });
      sample.value = SAMPLE;
      const output = h('div', { class: 'dryrun', testid: 'dryrun-output' });
      const serverCheck = h('button', { testid: 'dryrun-server' }, 'Check on server (_dryrun)');
      const serverOutput = h('div', { class: 'dryrun', testid: 'dryrun-server-output' });
      let editor: Editor;
      let browserRows = '';

      let runs = 0;
      const dryRun = async () => {
        const run = ++runs;
        try {
          const { dryRunInBrowser } = await engine();
          if (run !== runs) return; // a newer edit started its own run
          const r = dryRunInBrowser(editor.value, sample.value, type.value as SampleType);
          browserRows = JSON.stringify(r.tables.map((t) => [t.name, t.rs.columns.map((c) => c.name), t.rs.rows.length]));
          const rows = r.tables.reduce((n, t) => n + t.rs.rows.length, 0);
          fill(
            output,
            h('div', { class: 'muted', testid: 'dryrun-summary' }, `${rows} row(s), ${r.errors.length} error(s) — run here in the browser`),
            ...r.warnings.map((w) => h('div', { class: 'warning' }, `warning: ${w}`)),
            ...r.errors.map((e) => h('div', { class: 'error', testid: 'dryrun-error' }, `input ${e.index + 1}: ${e.message}`)),
            ...r.tables.map((t) => h('div', {}, h('h4', {}, t.name), resultTable(t.rs, { testid: 'dryrun-table' }))),
          );
        } catch (e) {
          if (run !== runs) return;
          browserRows = '';
          fill(output, errorBox((e as Error).message, 'dryrun-error'));
        }
      };
      const later = debounce(() => void dryRun(), 200);

      const loadList = async () => {
        try {
          const { pipelines } = await getJson<{ pipelines: Listed[] }>('/v1/pipelines');
          const byName = new Map<string, string[]>();
          for (const p of pipelines) byName.set(p.name, [...(byName.get(p.name) ?? []), p.version]);
          if (byName.size === 0) return fill(list, h('p', { class: 'muted' }, 'No pipelines uploaded yet.'));
          fill(
            list,
            ...[...byName].map(([n, versions]) =>
              h(
                'details',
                { open: n === name.value },
                h('summary', { testid: `pipeline-item-${n}` }, n, h('span', { class: 'muted' }, ` (${versions.length})`)),
                h('ul', {}, ...versions.sort().reverse().map((v) => h('li', {}, h('a', { href: 'javascript:void 0', onclick: () => void open(n, v) }, v)))),
              ),
            ),
          );
        } catch (e) {
          fill(list, errorBox((e as Error).message));
        }
      };
      reload = loadList;

      const open = async (n: string, v?: string) => {
        try {
          const q = v ? `?version=${encodeURIComponent(v)}` : '';
          const { pipelines } = await getJson<{ pipelines: (Listed & { pipeline: string })[] }>(`/v1/pipelines/${encodeURIComponent(n)}${q}`);
          const p = pipelines[0]!;
          name.value = p.name;
          version.textContent = `version ${p.version}`;
          version.dataset.version = p.version;
          editor.value = p.pipeline;
          fill(message);
        } catch (e) {
          fill(message, errorBox((e as Error).message));
        }
      };

      upload.addEventListener('click', async () => {
        const n = name.value.trim();
        if (n === '') return fill(message, errorBox('give the pipeline a name first'));
        try {
          const res = await request(`/v1/pipelines/${encodeURIComponent(n)}`, { method: 'POST', headers: { 'content-type': 'application/x-yaml' }, body: editor.value });
          const { pipelines } = (await res.json()) as { pipelines: Listed[] };
          version.textContent = `version ${pipelines[0]!.version}`;
          version.dataset.version = pipelines[0]!.version;
          fill(message, h('div', { class: 'ok', testid: 'pipeline-uploaded' }, `uploaded ${n}, version ${pipelines[0]!.version}`));
          await loadList();
        } catch (e) {
          fill(message, errorBox((e as Error).message, 'pipeline-error'));
        }
      });
      del.addEventListener('click', async () => {
        const n = name.value.trim();
        const v = version.dataset.version;
        if (n === '' || v === undefined) return fill(message, errorBox('open an uploaded version first'));
        if (!confirm(`Delete ${n} version ${v}?`)) return;
        try {
          await request(`/v1/pipelines/${encodeURIComponent(n)}?version=${encodeURIComponent(v)}`, { method: 'DELETE' });
          fill(message, h('div', { class: 'ok', testid: 'pipeline-deleted' }, `deleted ${n} version ${v}`));
          version.textContent = '';
          delete version.dataset.version;
          await loadList();
        } catch (e) {
          fill(message, errorBox((e as Error).message, 'pipeline-error'));
        }
      });
      fresh.addEventListener('click', () => {
        name.value = '';
        version.textContent = '';
        delete version.dataset.version;
        editor.value = STARTER;
      });
      serverCheck.addEventListener('click', async () => {
        fill(serverOutput, h('span', { class: 'muted' }, 'asking the server…'));
        try {
          const res = await request('/v1/pipelines/_dryrun?skip_error=true', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ pipeline: editor.value, data: sample.value, data_type: type.value }),
          });
          const tables = (await engine()).serverDryRunTables(await res.json());
          const same = JSON.stringify(tables.map((t) => [t.name, t.rs.columns.map((c) => c.name), t.rs.rows.length])) === browserRows;
          fill(
            serverOutput,
            h('div', { class: same ? 'ok' : 'warning', testid: 'dryrun-server-summary' }, same ? 'The server agrees with the browser (same tables, columns and row counts; failing inputs skipped).' : 'The server answers differently from the browser:'),
            ...tables.map((t) => h('div', {}, h('h4', {}, t.name), resultTable(t.rs, { testid: 'dryrun-server-table' }))),
          );
        } catch (e) {
          fill(serverOutput, errorBox((e as Error).message, 'dryrun-server-error'));
        }
      });
      sample.addEventListener('input', later);
      type.addEventListener('change', () => void dryRun());

      root.append(
        h(
          'div',
          { class: 'split' },
          h('aside', { class: 'left' }, h('h3', {}, 'Pipelines ', h('button', { class: 'link', onclick: () => void loadList() }, '↻')), list),
          h('div', { class: 'grow' }, h('div', { class: 'toolbar' }, name, version, upload, del, fresh), message, editorBox),
          h(
            'div',
            { class: 'grow' },
            h('div', { class: 'toolbar' }, h('strong', {}, 'Dry run'), 'sample as ', type, h('span', { class: 'spacer' }), serverCheck),
            sample,
            h('div', { class: 'muted' }, 'Parsed as you type, here in the browser, by the same pipeline library the server runs.'),
            output,
            serverOutput,
          ),
        ),
      );
      editor = createEditor(editorBox, { lang: 'yaml', value: STARTER, onChange: later, minLines: 12 });
      void dryRun();
    },
    show() {
      void reload();
    },
  };
}
