import { describe, expect, it } from 'vitest';
import { TransformError } from '../errors/index.js';
import { optionsKey, takeRecordOptions } from './record-options.js';

describe('takeRecordOptions', () => {
  it('returns undefined and leaves records without option keys alone', () => {
    const doc = { a: 1 };
    expect(takeRecordOptions(doc, undefined)).toBeUndefined();
    expect(doc).toEqual({ a: 1 });
  });

  it('merges over inherited options and removes the keys', () => {
    const doc = { a: 1, service_append_mode: true, service_table_suffix: 5 };
    expect(takeRecordOptions(doc, { ttl: 'forever' })).toEqual({ options: { ttl: 'forever', append_mode: true }, suffix: '5' });
    expect(doc).toEqual({ a: 1 });
  });

  it('names the key of an invalid option', () => {
    expect(() => takeRecordOptions({ service_skip_wal: 'sometimes' }, undefined)).toThrow(TransformError);
    expect(() => takeRecordOptions({ service_skip_wal: 'sometimes' }, undefined)).toThrow("field 'service_skip_wal': table option 'skip_wal'");
  });
});

describe('optionsKey', () => {
  it('is the same for equal options in any order, and empty for none', () => {
    expect(optionsKey({ ttl: { text: '1d', ms: 86_400_000 }, append_mode: true })).toBe(optionsKey({ append_mode: true, ttl: { text: '1d', ms: 86_400_000 } }));
    expect(optionsKey(undefined)).toBe('');
    expect(optionsKey({ append_mode: true })).not.toBe(optionsKey({ append_mode: false }));
  });
});
