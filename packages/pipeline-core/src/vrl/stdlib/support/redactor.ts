import { bytesToHex } from '@noble/hashes/utils.js';
import type { VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import { base64Encode } from './base64.js';
import { SHA2_VARIANTS, SHA3_VARIANTS } from './hashes.js';
import { describeKind, isObject } from './kind.js';
import { utf8Encode } from './utf8.js';

export type Redactor = (matched: string) => string;

function hashRedactor(table: Readonly<Record<string, (b: Uint8Array) => Uint8Array>>, variant: string, encoding: string): Redactor {
  const hash = table[variant];
  if (hash === undefined) throw new VrlFunctionError(`unknown redactor variant ${JSON.stringify(variant)}: expected one of ${Object.keys(table).join(', ')}`);
  if (encoding !== 'base64' && encoding !== 'base16') throw new VrlFunctionError(`unknown redactor encoding ${JSON.stringify(encoding)}: expected base64 or base16`);
  return (s) => {
    const digest = hash(utf8Encode(s));
    return encoding === 'base16' ? bytesToHex(digest) : base64Encode(digest);
  };
}

function field(o: { [k: string]: VrlValue }, key: string, dflt: string): string {
  const v = o[key];
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'string') throw new VrlFunctionError(`redactor ${key} must be a string, got ${describeKind(v)}`);
  return v;
}

/** VRL's `redactor` argument: `"full"`, `"sha2"`, `"sha3"`, or `{type: "full"|"text"|"sha2"|"sha3", ...}`. */
export function readRedactor(v: VrlValue | undefined): Redactor {
  if (v === undefined || v === null || v === 'full') return () => '[REDACTED]';
  if (v === 'sha2') return hashRedactor(SHA2_VARIANTS, 'SHA-512/256', 'base64');
  if (v === 'sha3') return hashRedactor(SHA3_VARIANTS, 'SHA3-512', 'base64');
  if (isObject(v)) {
    const type = field(v, 'type', '');
    if (type === 'full') return () => '[REDACTED]';
    if (type === 'text') {
      const replacement = field(v, 'replacement', '');
      if (!Object.hasOwn(v, 'replacement')) throw new VrlFunctionError('text redactor needs a "replacement"');
      return () => replacement;
    }
    if (type === 'sha2') return hashRedactor(SHA2_VARIANTS, field(v, 'variant', 'SHA-512/256'), field(v, 'encoding', 'base64'));
    if (type === 'sha3') return hashRedactor(SHA3_VARIANTS, field(v, 'variant', 'SHA3-512'), field(v, 'encoding', 'base64'));
    throw new VrlFunctionError(`unknown redactor type ${JSON.stringify(type)}: expected full, text, sha2 or sha3`);
  }
  throw new VrlFunctionError(`invalid redactor ${typeof v === 'string' ? JSON.stringify(v) : describeKind(v)}: expected "full", "sha2", "sha3" or an object with a type`);
}
