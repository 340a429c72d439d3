import { VrlFunctionError } from '../function.js';

export const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
export const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function base64Encode(bytes: Uint8Array, alphabet = STANDARD, padding = true): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [alphabet[(n >> 18) & 63], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], alphabet[n & 63]];
    const keep = Math.min(4, Math.ceil(((bytes.length - i) * 4) / 3));
    out += chars.slice(0, keep).join('') + (padding ? '='.repeat(4 - keep) : '');
  }
  return out;
}

export function base64Decode(text: string, alphabet = STANDARD): Uint8Array {
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) throw new VrlFunctionError('unable to decode value from base64: invalid length');
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of body) {
    const d = alphabet.indexOf(c);
    if (d < 0) throw new VrlFunctionError(`unable to decode value from base64: invalid character ${JSON.stringify(c)}`);
    acc = ((acc << 6) | d) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 255);
    }
  }
  return Uint8Array.from(out);
}
