// `@sluice/storage/encode`: what a pipeline worker needs to encode append-mode writes off the store's
// thread (see WriteRequest.encoded), without loading the LMDB store.
export { encodeAppendWrite } from './table/encode-append.js';
export { encodeSeriesWrite } from './table/encode-series.js';
export type { EncodedAppendWrite, EncodedAppendChunk, EncodedSeriesWrite, WriteLayout } from './store.js';
export { encodeSeriesColumns, type SeriesColumns, type SeriesColumnsWrite } from './table/encode-series-columns.js';
