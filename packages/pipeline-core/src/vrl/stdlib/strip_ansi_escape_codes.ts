import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';

/** CSI sequences (`ESC [ ... final`), OSC sequences (`ESC ] ... BEL/ST`) and two-byte escapes. */
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export const strip_ansi_escape_codes = defineVrlFunction({
  name: 'strip_ansi_escape_codes',
  summary: 'Removes ANSI escape sequences (colours, cursor movement, terminal titles) from `value`.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Strip ANSI escape codes', source: 'strip_ansi_escape_codes("\\u{1b}[46mfoo\\u{1b}[0m bar")', result: 'foo bar' },
    { title: 'Plain text is unchanged', source: 'strip_ansi_escape_codes("plain")', result: 'plain' },
  ],
  call: (args) => str(args, 'value').replace(ANSI, ''),
});
