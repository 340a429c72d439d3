declare module 'snappyjs' {
  /** Snappy block format. `maxLength` bounds the decoded size (throws beyond it). */
  export function uncompress(compressed: Uint8Array | ArrayBuffer, maxLength?: number): Uint8Array;
  export function compress(data: Uint8Array | ArrayBuffer): Uint8Array;
  const SnappyJS: { uncompress: typeof uncompress; compress: typeof compress };
  export default SnappyJS;
}
