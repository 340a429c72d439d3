import { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { ts } from './support/args.js';

/** `crypto.getRandomValues` is global in Node 20+ and browsers; the package's lib typings do not declare it. */
declare const crypto: { getRandomValues<T extends Uint8Array>(a: T): T };

export const uuid_v7 = defineVrlFunction({
  name: 'uuid_v7',
  summary: 'A time-ordered (version 7) UUID for `timestamp` (default: now), as a lowercase hyphenated string.',
  params: [{ name: 'timestamp', kinds: ['timestamp'], required: false }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Create a UUIDv7', source: "match(uuid_v7(), r'^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$')", result: true },
    { title: 'The time comes first', source: "starts_with(uuid_v7(t'2020-12-30T22:20:53.824727Z'), \"0176b5bd-58c0-7\")", result: true },
  ],
  call(args, ctx) {
    const t: Timestamp = args['timestamp'] === undefined || args['timestamp'] === null ? ctx.now : ts(args, 'timestamp');
    const b = crypto.getRandomValues(new Uint8Array(16));
    let ms = t.in('ms');
    for (let i = 5; i >= 0; i--) {
      b[i] = Number(ms & 0xffn);
      ms >>= 8n;
    }
    b[6] = (b[6]! & 0x0f) | 0x70;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  },
});
