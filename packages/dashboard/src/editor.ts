import { EditorState, Compartment, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, placeholder as cmPlaceholder } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting, indentOnInput } from '@codemirror/language';
import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { sql, PostgreSQL } from '@codemirror/lang-sql';
import { yaml } from '@codemirror/lang-yaml';
import { PromQLExtension } from '@prometheus-io/codemirror-promql';
import { authedFetch, currentDb } from './api.js';

export type EditorLanguage = 'sql' | 'promql' | 'yaml' | 'text';

export interface Editor {
  readonly view: EditorView;
  get value(): string;
  set value(text: string);
  setLanguage(lang: EditorLanguage): void;
  focus(): void;
}

function promql(): Extension {
  // Metric names, label names and values come from the server's Prometheus API as the user types.
  return new PromQLExtension()
    .setComplete({
      remote: {
        url: '/v1/metricsapi',
        httpMethod: 'GET',
        fetchFn: ((input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(String(input), location.href);
          url.searchParams.set('db', currentDb());
          return authedFetch(url.pathname + url.search, init);
        }) as typeof fetch,
      },
    })
    .asExtension();
}

function language(lang: EditorLanguage): Extension {
  switch (lang) {
    case 'sql':
      return sql({ dialect: PostgreSQL, upperCaseKeywords: true });
    case 'promql':
      return promql();
    case 'yaml':
      return yaml();
    case 'text':
      return [];
  }
}

/**
 * A CodeMirror 6 editor in `parent` (which keeps its `data-testid`). Ctrl/Cmd+Enter calls `onRun`;
 * every change calls `onChange`.
 */
export function createEditor(
  parent: HTMLElement,
  opts: { lang: EditorLanguage; value?: string; onRun?: () => void; onChange?: (text: string) => void; placeholder?: string; minLines?: number },
): Editor {
  const lang = new Compartment();
  const runKeys = keymap.of([
    {
      key: 'Mod-Enter',
      preventDefault: true,
      run: () => {
        opts.onRun?.();
        return true;
      },
    },
  ]);
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: opts.value ?? '',
      extensions: [
        runKeys,
        lineNumbers(),
        highlightActiveLine(),
        history(),
        bracketMatching(),
        closeBrackets(),
        indentOnInput(),
        autocompletion(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        lang.of(language(opts.lang)),
        EditorView.lineWrapping,
        EditorView.theme({ '&': { minHeight: `${(opts.minLines ?? 4) * 1.45}em` }, '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } }),
        ...(opts.placeholder ? [cmPlaceholder(opts.placeholder)] : []),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) opts.onChange?.(u.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    get value() {
      return view.state.doc.toString();
    },
    set value(text: string) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    setLanguage(l) {
      view.dispatch({ effects: lang.reconfigure(language(l)) });
    },
    focus() {
      view.focus();
    },
  };
}
