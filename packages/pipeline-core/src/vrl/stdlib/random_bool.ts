import { defineVrlFunction } from './function.js';

export const random_bool = defineVrlFunction({
  name: 'random_bool',
  summary: 'A random boolean (true and false equally likely). Not for secrets.',
  params: [],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Random boolean', source: 'is_boolean(random_bool())', result: true },
    { title: 'Either value', source: 'b = random_bool()\nb || !b', result: true },
  ],
  call: () => Math.random() < 0.5,
});
