export type * from './store.js';
