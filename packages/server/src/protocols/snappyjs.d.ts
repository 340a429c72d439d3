declare module 'snappyjs' {
  /** Snappy block format (not framed). `maxLength` bounds the declared uncompressed length. */
  export function uncompress<T extends Uint8Array | ArrayBuffer>(compressed: T, maxLength?: number): T;
  export function compress<T extends Uint8Array | ArrayBuffer>(uncompressed: T): T;
}
