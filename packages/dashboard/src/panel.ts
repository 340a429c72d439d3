/** One view of the page (a tab). Built once when first shown; `show` is called on every visit. */
export interface Panel {
  readonly id: string;
  readonly title: string;
  build(root: HTMLElement): void;
  /** Called when the tab is shown, with the parameters after `#/<id>?`. */
  show?(params: URLSearchParams): void;
  /** Called when another tab is shown (stop timers). */
  hide?(): void;
}

/** Moves to a panel, e.g. `go('logs', { start: '1700000000', end: '1700000600' })`. */
export function go(id: string, params: Record<string, string> = {}): void {
  const q = new URLSearchParams(params).toString();
  location.hash = `#/${id}${q ? '?' + q : ''}`;
}
