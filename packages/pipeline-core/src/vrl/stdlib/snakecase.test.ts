import { describe, expect, it } from 'vitest';
import { camelcase } from './camelcase.js';
import { snakecase } from './snakecase.js';
import { invoke } from './support/invoke.js';

describe('casing functions', () => {
  it('split acronyms, digits, spaces and mixed delimiters by default', () => {
    expect(invoke(snakecase, { value: 'XMLHttpRequest' })).toBe('xml_http_request');
    expect(invoke(snakecase, { value: 'version2Release' })).toBe('version_2_release');
    expect(invoke(snakecase, { value: '  Hello World--again_' })).toBe('hello_world_again');
    expect(invoke(camelcase, { value: 'HTTP_STATUS_CODE' })).toBe('httpStatusCode');
  });

  it('split only at the original case boundaries when given', () => {
    expect(invoke(snakecase, { value: 'keep-Caps_here', original_case: 'kebab-case' })).toBe('keep_caps_here');
    expect(invoke(snakecase, { value: 'fooBar_baz', original_case: 'camelCase' })).toBe('foo_bar_baz');
  });

  it('rejects unknown cases and boundaries', () => {
    expect(() => invoke(snakecase, { value: 'x', original_case: 'Title Case' })).toThrow("invalid original_case 'Title Case'");
    expect(() => invoke(snakecase, { value: 'x', excluded_boundaries: ['nope'] })).toThrow('boundary must match one of');
  });
});
