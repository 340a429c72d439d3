import { VrlFunctionError, type VrlArgs } from '../function.js';
import { expected } from './args.js';
import { utf8Encode } from './utf8.js';

/** A bytes argument as raw bytes (strings are UTF-8 encoded). */
export function bytesArg(args: VrlArgs, name: string): Uint8Array {
  const v = args[name];
  if (v === undefined) throw new VrlFunctionError(`missing argument '${name}'`);
  if (typeof v === 'string') return utf8Encode(v);
  if (v instanceof Uint8Array) return v;
  throw expected('string', v);
}
