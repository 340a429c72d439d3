import type { VrlFunction } from './function.js';

/** Every standard-library function, one file each (examples.test.ts asserts every file is listed). */
export const STDLIB: readonly VrlFunction[] = [];
