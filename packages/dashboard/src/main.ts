import './style.css';
import { h, fill } from './dom.js';
import { currentDb, setDb } from './api.js';
import { authHeader, signOut } from './auth.js';
import { go, type Panel } from './panel.js';
import { queryPanel } from './panels/query.js';
import { logsPanel } from './panels/logs.js';
import { pipelinesPanel } from './panels/pipelines.js';
import { ingestPanel } from './panels/ingest.js';
import { metricsPanel } from './panels/metrics.js';
import { tracesPanel } from './panels/traces.js';
import { statusPanel } from './panels/status.js';

const panels: Panel[] = [queryPanel(), logsPanel(), metricsPanel(), tracesPanel(), pipelinesPanel(), ingestPanel(), statusPanel()];
const built = new Map<string, HTMLElement>();
let current: Panel | undefined;

const nav = h('nav', { class: 'tabs' }, ...panels.map((p) => h('a', { href: `#/${p.id}`, testid: `tab-${p.id}`, 'data-panel': p.id }, p.title)));
const dbInput = h('input', { value: currentDb(), size: 10, testid: 'db', 'aria-label': 'Database', title: 'Database the page works in' });
dbInput.addEventListener('change', () => {
  setDb(dbInput.value.trim() || 'public');
  location.reload();
});
const signOutButton = h('button', { class: 'link', onclick: () => (signOut(), location.reload()) }, 'Sign out');
const main = h('main');
const header = h('header', {}, h('a', { class: 'brand', href: '#/query' }, 'Sluice'), nav, h('span', { class: 'spacer' }), h('label', { class: 'db' }, 'db ', dbInput), authHeader() ? signOutButton : null);
fill(document.getElementById('app')!, header, main);

function route(): void {
  const [path = '', query = ''] = location.hash.replace(/^#\/?/, '').split('?');
  const panel = panels.find((p) => p.id === path);
  if (panel === undefined) return go('query');
  if (current !== panel) {
    current?.hide?.();
    for (const [id, el] of built) el.hidden = id !== panel.id;
  }
  let el = built.get(panel.id);
  if (el === undefined) {
    el = h('section', { class: 'panel', testid: `panel-${panel.id}` });
    main.append(el);
    built.set(panel.id, el);
    panel.build(el);
  }
  el.hidden = false;
  for (const a of nav.querySelectorAll('a')) a.classList.toggle('active', a.dataset.panel === panel.id);
  current = panel;
  panel.show?.(new URLSearchParams(query));
}

window.addEventListener('hashchange', route);
route();
