import { VrlRegex, type VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { arr, expected } from './support/args.js';
import { describeKind, isObject, type VrlObject } from './support/kind.js';
import { readRedactor, type Redactor } from './support/redactor.js';
import { compileRegex } from './support/regex.js';

/**
 * US social security numbers: 3-2-4 digits, optionally separated by `-` or space, excluding area 000,
 * 666 and 9xx, group 00 and serial 0000 (VRL's rule, spelled without look-ahead for RE2).
 */
const US_SSN = compileRegex(
  String.raw`\b(?:00[1-9]|0[1-9]\d|[1-5]\d\d|6[0-57-9]\d|66[0-57-9]|[78]\d\d)[- ]?(?:0[1-9]|[1-9]\d)[- ]?(?:000[1-9]|00[1-9]\d|0[1-9]\d\d|[1-9]\d{3})\b`,
);

function namedFilter(name: string): VrlRegex {
  if (name === 'us_social_security_number') return US_SSN;
  throw new VrlFunctionError(`unknown filter name ${JSON.stringify(name)}: expected us_social_security_number`);
}

function readFilters(list: readonly VrlValue[]): VrlRegex[] {
  const out: VrlRegex[] = [];
  for (const f of list) {
    if (f instanceof VrlRegex) out.push(f);
    else if (typeof f === 'string') out.push(namedFilter(f));
    else if (isObject(f)) {
      const type = f['type'];
      if (type === 'pattern') {
        const patterns = f['patterns'];
        if (!Array.isArray(patterns)) throw new VrlFunctionError('pattern filter needs "patterns", an array of regexes or strings');
        for (const p of patterns) {
          if (p instanceof VrlRegex) out.push(p);
          else if (typeof p === 'string') out.push(compileRegex(p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
          else throw new VrlFunctionError(`pattern must be a regex or string, got ${describeKind(p)}`);
        }
      } else if (typeof type === 'string') out.push(namedFilter(type));
      else throw new VrlFunctionError('filter object needs a "type"');
    } else throw new VrlFunctionError(`filter must be a regex, a name or an object, got ${describeKind(f)}`);
  }
  return out;
}

function redactString(s: string, filters: readonly VrlRegex[], redactor: Redactor): string {
  let out = s;
  for (const f of filters) {
    const m = f.re.matcher(out);
    let next = '';
    let last = 0;
    while (m.find()) {
      next += out.slice(last, m.start()) + redactor(m.group() ?? '');
      last = m.end();
    }
    out = next + out.slice(last);
  }
  return out;
}

function redactValue(v: VrlValue, filters: readonly VrlRegex[], redactor: Redactor): VrlValue {
  if (typeof v === 'string') return redactString(v, filters, redactor);
  if (Array.isArray(v)) return v.map((x) => redactValue(x, filters, redactor));
  if (isObject(v)) {
    const out: VrlObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = redactValue(x, filters, redactor);
    return out;
  }
  return v;
}

interface Prepared {
  readonly filters: readonly VrlRegex[] | undefined;
  readonly redactor: Redactor | undefined;
}

export const redact = defineVrlFunction({
  name: 'redact',
  summary:
    'Replaces the parts of `value` (a string, or every string inside an object or array) matched by `filters` — regexes, `"us_social_security_number"`, or `{type: "pattern", patterns: [...]}` — with what `redactor` says: `"full"` (`[REDACTED]`, the default), `{type: "text", replacement}`, or a `sha2`/`sha3` hash.',
  params: [
    { name: 'value', kinds: ['bytes', 'object', 'array'], required: true },
    { name: 'filters', kinds: ['array'], required: true },
    { name: 'redactor', kinds: ['bytes', 'object'], required: false, default: 'full' },
  ],
  returns: ['bytes', 'object', 'array'],
  fallible: false,
  examples: [
    { title: 'Replace text using a regex', source: "redact(\"my id is 123456\", filters: [r'\\d+'])", result: 'my id is [REDACTED]' },
    { title: 'Replace us social security numbers in any field', source: 'redact({ "name": "John Doe", "ssn": "123-12-1234"}, filters: ["us_social_security_number"])', result: { name: 'John Doe', ssn: '[REDACTED]' } },
    {
      title: 'Replace with custom text',
      source: "redact(\"my id is 123456\", filters: [r'\\d+'], redactor: {\"type\": \"text\", \"replacement\": \"***\"})",
      result: 'my id is ***',
    },
    {
      title: 'Replace with SHA-2 hash',
      source: "redact(\"my id is 123456\", filters: [r'\\d+'], redactor: \"sha2\")",
      result: 'my id is GEtTedW1p6tC094dDKH+3B8P+xSnZz69AmpjaXRd63I=',
    },
  ],
  // Literal filters and redactor are read once here (a bad one is a compile error), not per record.
  compile(staticArgs): Prepared {
    const filters = staticArgs['filters'];
    const redactor = staticArgs['redactor'];
    return {
      filters: Array.isArray(filters) ? readFilters(filters) : undefined,
      redactor: redactor !== undefined ? readRedactor(redactor) : undefined,
    };
  },
  call(args, _ctx, compiled) {
    const v = args['value'] as VrlValue;
    if (typeof v !== 'string' && !Array.isArray(v) && !isObject(v)) throw expected('string, object or array', v);
    const prepared = compiled as Prepared | undefined;
    const filters = prepared?.filters ?? readFilters(arr(args, 'filters'));
    const redactor = prepared?.redactor ?? readRedactor(args['redactor']);
    return redactValue(v, filters, redactor);
  },
});
