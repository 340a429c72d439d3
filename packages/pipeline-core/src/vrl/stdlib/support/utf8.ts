// The package compiles without DOM/Node types; TextEncoder/TextDecoder exist in every runtime we support.
declare class TextEncoder {
  encode(s: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(b: Uint8Array): string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function utf8Encode(s: string): Uint8Array {
  return encoder.encode(s);
}

/** UTF-8 bytes as a string; invalid sequences become U+FFFD (as VRL's lossy conversion). */
export function utf8Decode(b: Uint8Array): string {
  return decoder.decode(b);
}
