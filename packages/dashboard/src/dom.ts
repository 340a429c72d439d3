/** A child of `h()`: nodes, text, or nothing (skipped). */
export type Child = Node | string | number | null | undefined | false;

type Attrs = Record<string, unknown>;

/**
 * Builds an element. `testid` sets `data-testid`; `on<event>` attaches a listener; `class`, `style`
 * (string) and other string/number/boolean attributes are set as attributes; `value`/`checked` as properties.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'testid') el.dataset.testid = String(v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (k === 'value' || k === 'checked' || k === 'selected') (el as unknown as Record<string, unknown>)[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
}

/** Replaces an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** A `<select>` of options (value = label unless given as [value, label]). */
export function select(attrs: Attrs, options: readonly (string | readonly [string, string])[], selected?: string): HTMLSelectElement {
  const s = h('select', attrs);
  for (const o of options) {
    const [value, label] = typeof o === 'string' ? [o, o] : o;
    s.append(h('option', { value, selected: value === selected }, label));
  }
  if (selected !== undefined) s.value = selected;
  return s;
}

/** An error box with the server's message (or nothing when `message` is empty). */
export function errorBox(message: string, testid = 'error'): HTMLElement {
  return h('div', { class: 'error', testid, role: 'alert' }, message);
}

/** Runs `fn` at most once per `ms`, after the last call (a debounce). */
export function debounce<A extends unknown[]>(fn: (...a: A) => void, ms: number): (...a: A) => void {
  let t: ReturnType<typeof setTimeout> | undefined;
  return (...a: A) => {
    if (t !== undefined) clearTimeout(t);
    t = setTimeout(() => fn(...a), ms);
  };
}
