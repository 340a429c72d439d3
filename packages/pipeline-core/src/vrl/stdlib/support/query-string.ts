import type { VrlValue } from '../../value.js';
import type { VrlObject } from './kind.js';

function decode(s: string): string {
  const plus = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    // Malformed escapes stay as written (form decoding is lossy, never fatal).
    return plus.replace(/%([0-9a-fA-F]{2})/g, (m, h: string) => {
      const c = parseInt(h, 16);
      return c < 0x80 ? String.fromCharCode(c) : m;
    });
  }
}

/** `a=1&b=2&a=3` → `{a: ["1", "3"], b: "2"}`; a leading `?` is skipped; a bare key is "". */
export function parseQueryString(text: string): VrlObject {
  const out: VrlObject = {};
  const s = text.startsWith('?') ? text.slice(1) : text;
  if (s === '') return out;
  for (const part of s.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = decode(eq < 0 ? part : part.slice(0, eq));
    const v = eq < 0 ? '' : decode(part.slice(eq + 1));
    const prev: VrlValue | undefined = Object.hasOwn(out, k) ? out[k] : undefined;
    if (prev === undefined) out[k] = v;
    else if (Array.isArray(prev)) (prev as VrlValue[]).push(v);
    else out[k] = [prev, v];
  }
  return out;
}
