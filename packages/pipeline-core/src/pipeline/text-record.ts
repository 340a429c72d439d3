import type { Doc, Value } from '../value/value.js';

/**
 * The record of a text line: `{ message: line }`, a plain object (its prototype is Object.prototype).
 * Made by a constructor rather than a literal so V8 reserves in-object room for the fields processors
 * add (dissect writes ten or so), instead of growing an out-of-object property store several times
 * per record.
 */
interface TextRecordCtor {
  new (message: string): Doc;
}

const TextRecord = function (this: { message: Value }, message: string) {
  this.message = message;
} as unknown as TextRecordCtor;
(TextRecord as unknown as { prototype: object }).prototype = Object.prototype;

export function textRecord(line: string): Doc {
  return new TextRecord(line);
}
