export type { QueryEngine, StatementOutput, ResultColumn, SqlContext } from './engine.js';
