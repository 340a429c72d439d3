/** A query kept in the browser: recent ones automatically, saved ones by name. */
export interface KeptQuery {
  readonly lang: string;
  readonly text: string;
  readonly at: number;
  readonly name?: string;
}

const RECENT = 'sluice.recent';
const SAVED = 'sluice.saved';
const MAX_RECENT = 30;

function read(key: string): KeptQuery[] {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as KeptQuery[]).filter((q) => typeof q?.text === 'string') : [];
  } catch {
    return [];
  }
}

export const recentQueries = (): KeptQuery[] => read(RECENT);
export const savedQueries = (): KeptQuery[] => read(SAVED);

/** Adds a run query at the top of the recent list (a repeat moves up; at most 30 kept). */
export function addRecent(lang: string, text: string): void {
  const list = read(RECENT).filter((q) => !(q.lang === lang && q.text === text));
  list.unshift({ lang, text, at: Date.now() });
  localStorage.setItem(RECENT, JSON.stringify(list.slice(0, MAX_RECENT)));
}

/** Saves (or replaces) a query under a name. */
export function saveQuery(name: string, lang: string, text: string): void {
  const list = read(SAVED).filter((q) => q.name !== name);
  list.unshift({ name, lang, text, at: Date.now() });
  localStorage.setItem(SAVED, JSON.stringify(list));
}

export function deleteSaved(name: string): void {
  localStorage.setItem(SAVED, JSON.stringify(read(SAVED).filter((q) => q.name !== name)));
}
