import { defineVrlFunction } from './function.js';

/** `crypto.randomUUID` is global in Node 20+ and browsers; the package's lib typings do not declare it. */
declare const crypto: { randomUUID(): string };

export const uuid_v4 = defineVrlFunction({
  name: 'uuid_v4',
  summary: 'A random (version 4) UUID, as a lowercase hyphenated string.',
  params: [],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Create a UUIDv4', source: "match(uuid_v4(), r'^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$')", result: true },
    { title: 'Two calls differ', source: 'uuid_v4() != uuid_v4()', result: true },
  ],
  call: () => crypto.randomUUID(),
});
