// `@sluice/storage/encode`: what a pipeline worker needs to encode append-mode writes off the store's
// thread (see WriteRequest.encoded), without loading the LMDB store.
export { encodeAppendWrite } from './table/encode-append.js';
export type { EncodedAppendWrite, EncodedAppendChunk, WriteLayout } from './store.js';
