import { createHash } from 'node:crypto';
import { mapRows } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { SqlValue } from '../types/sql-value.js';
import { argError, type ScalarFunction } from './function.js';

const bytesOf = (v: SqlValue): Uint8Array => (v instanceof Uint8Array ? v : new TextEncoder().encode(String(v)));

/** `md5(s)` answers lowercase hex text (as DataFusion); the sha family answers Binary (shown as hex). */
function hasher(name: string, algo: string, hex: boolean): ScalarFunction {
  return {
    name, signature: `${name}(s)`, minArgs: 1, maxArgs: 1,
    bind: ([x]) => {
      const arg = x!.type === 'binary' ? x! : castTo(x!, 'string');
      return mapRows(hex ? 'string' : 'binary', [arg], (v) => {
        const h = createHash(algo).update(bytesOf(v));
        return hex ? h.digest('hex') : new Uint8Array(h.digest());
      });
    },
  };
}

const DIGESTS: Record<string, string> = { md5: 'md5', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

const digest: ScalarFunction = {
  name: 'digest', signature: "digest(s, 'md5' | 'sha224' | 'sha256' | 'sha384' | 'sha512')", minArgs: 2, maxArgs: 2,
  bind: ([x, a]) =>
    mapRows('binary', [x!.type === 'binary' ? x! : castTo(x!, 'string'), castTo(a!, 'string')], (v, algo) => {
      const name = DIGESTS[String(algo).toLowerCase()];
      if (!name) throw argError('digest', `unsupported algorithm '${String(algo)}'`);
      return new Uint8Array(createHash(name).update(bytesOf(v)).digest());
    }),
};

export const HASH_FUNCTIONS: readonly ScalarFunction[] = [
  hasher('md5', 'md5', true),
  hasher('sha224', 'sha224', false),
  hasher('sha256', 'sha256', false),
  hasher('sha384', 'sha384', false),
  hasher('sha512', 'sha512', false),
  digest,
];
