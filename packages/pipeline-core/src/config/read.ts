import { LineCounter, isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import { PipelineConfigError, type ConfigLocation } from '../errors/index.js';
import { didYouMean } from './did-you-mean.js';

/** Where YAML nodes sit in the source text. */
export class SourcePositions {
  /** Warnings about a document that still compiles (shown by dry runs), with their paths. */
  readonly warnings: string[] = [];

  constructor(private readonly lines: LineCounter) {}

  locate(path: string, node: Node | null | undefined): ConfigLocation {
    const offset = node?.range?.[0];
    if (offset === undefined) return { path };
    const { line, col } = this.lines.linePos(offset);
    return { path, line, column: col };
  }
}

function describe(node: unknown): string {
  if (node === null || node === undefined) return 'nothing';
  if (isMap(node)) return 'a map';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return JSON.stringify(node.value);
  return String(node);
}

/**
 * A typed reader over one YAML map of a pipeline. Every accessor records the key as known, so
 * `done()` can reject the keys nobody asked for, with a "did you mean" hint.
 */
export class ConfigMap {
  private readonly known = new Set<string>();

  constructor(
    private readonly node: YAMLMap,
    readonly path: string,
    private readonly positions: SourcePositions,
  ) {}

  private child(key: string): Node | undefined {
    this.known.add(key);
    for (const item of this.node.items) {
      if (isScalar(item.key) && String(item.key.value) === key) return (item.value ?? undefined) as Node | undefined;
    }
    return undefined;
  }

  private pathOf(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  /** The keys present, in source order. */
  keys(): string[] {
    return this.node.items.map((i) => (isScalar(i.key) ? String(i.key.value) : String(i.key)));
  }

  has(key: string): boolean {
    const v = this.child(key);
    return v !== undefined && !(isScalar(v) && v.value === null);
  }

  /** An error located at `key` (or at this map when `key` is undefined). */
  error(key: string | undefined, message: string): PipelineConfigError {
    if (key === undefined) return new PipelineConfigError(this.positions.locate(this.path, this.node), message + this.misspelledHint(message));
    const n = this.child(key);
    return new PipelineConfigError(this.positions.locate(this.pathOf(key), n ?? this.node), message);
  }

  /**
   * For a "missing required key 'k'" error: names a present key that nobody asked for and that is a
   * likely misspelling of `k`, so `patern:` is reported next to the missing `patterns`.
   */
  private misspelledHint(message: string): string {
    const m = /^missing required key '([^']+)'/.exec(message);
    if (m === null) return '';
    const unknown = this.keys().filter((k) => !this.known.has(k));
    const near = unknown.find((k) => didYouMean(k, [m[1]!]) !== '');
    return near === undefined ? '' : `; found unknown key '${near}' (did you mean '${m[1]}'?)`;
  }

  /** Records a warning located at `key`: the document compiles, but something in it has no effect. */
  warn(key: string, message: string): void {
    const loc = this.positions.locate(this.pathOf(key), this.child(key) ?? this.node);
    this.positions.warnings.push(`${loc.path}${loc.line === undefined ? '' : ` (line ${loc.line})`}: ${message}`);
  }

  /** Every warning recorded on this document so far. */
  get warnings(): readonly string[] {
    return this.positions.warnings;
  }

  errorAt(path: string, node: Node | undefined, message: string): PipelineConfigError {
    return new PipelineConfigError(this.positions.locate(path, node ?? this.node), message);
  }

  private scalar(key: string): unknown {
    const n = this.child(key);
    if (n === undefined) return undefined;
    if (!isScalar(n)) throw this.error(key, `expected a value, got ${describe(n)}`);
    return n.value ?? undefined;
  }

  optString(key: string): string | undefined {
    const v = this.scalar(key);
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    throw this.error(key, `expected a string, got ${JSON.stringify(v)}`);
  }

  string(key: string): string {
    const v = this.optString(key);
    if (v === undefined) throw this.error(undefined, `missing required key '${key}'`);
    return v;
  }

  bool(key: string, dflt: boolean): boolean {
    const v = this.scalar(key);
    if (v === undefined) return dflt;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    throw this.error(key, `expected true or false, got ${JSON.stringify(v)}`);
  }

  optNumber(key: string): number | undefined {
    const v = this.scalar(key);
    if (v === undefined) return undefined;
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
    throw this.error(key, `expected a number, got ${JSON.stringify(v)}`);
  }

  /** A string or a list of strings (`fields: a` and `fields: [a, b]` both read as a list). */
  optStringList(key: string): string[] | undefined {
    const n = this.child(key);
    if (n === undefined || (isScalar(n) && n.value === null)) return undefined;
    if (isScalar(n)) return [String(n.value)];
    if (!isSeq(n)) throw this.error(key, `expected a string or a list of strings, got ${describe(n)}`);
    return n.items.map((item, i) => {
      if (!isScalar(item) || item.value === null || typeof item.value === 'object') {
        throw this.errorAt(`${this.pathOf(key)}[${i}]`, item as Node, `expected a string, got ${describe(item)}`);
      }
      return String(item.value);
    });
  }

  /**
   * A string, or a list whose items are strings or maps (`fields: [a, {key: b, rename_to: c}]`).
   * Map items come back as ConfigMaps located at `key[i]`.
   */
  optStringOrMapList(key: string): (string | ConfigMap)[] | undefined {
    const n = this.child(key);
    if (n === undefined || (isScalar(n) && n.value === null)) return undefined;
    if (isScalar(n)) return [String(n.value)];
    if (isMap(n)) return [new ConfigMap(n, this.pathOf(key), this.positions)];
    if (!isSeq(n)) throw this.error(key, `expected a string or a list, got ${describe(n)}`);
    return n.items.map((item, i) => {
      const p = `${this.pathOf(key)}[${i}]`;
      if (isMap(item)) return new ConfigMap(item, p, this.positions);
      if (!isScalar(item) || item.value === null || typeof item.value === 'object') {
        throw this.errorAt(p, item as Node, `expected a string or a map {key, rename_to}, got ${describe(item)}`);
      }
      return String(item.value);
    });
  }

  stringList(key: string): string[] {
    const v = this.optStringList(key);
    if (v === undefined || v.length === 0) throw this.error(undefined, `missing required key '${key}'`);
    return v;
  }

  optMap(key: string): ConfigMap | undefined {
    const n = this.child(key);
    if (n === undefined || (isScalar(n) && n.value === null)) return undefined;
    if (!isMap(n)) throw this.error(key, `expected a map, got ${describe(n)}`);
    return new ConfigMap(n, this.pathOf(key), this.positions);
  }

  map(key: string): ConfigMap {
    const m = this.optMap(key);
    if (m === undefined) throw this.error(undefined, `missing required key '${key}'`);
    return m;
  }

  /** A list whose items are maps (`processors`, `transform`, `dispatcher.rules`). */
  optMapList(key: string): ConfigMap[] | undefined {
    const n = this.child(key);
    if (n === undefined || (isScalar(n) && n.value === null)) return undefined;
    if (!isSeq(n)) throw this.error(key, `expected a list, got ${describe(n)}`);
    return n.items.map((item, i) => {
      const p = `${this.pathOf(key)}[${i}]`;
      if (!isMap(item)) throw this.errorAt(p, item as Node, `expected a map, got ${describe(item)}`);
      return new ConfigMap(item, p, this.positions);
    });
  }

  /** The plain JS value under `key` (for free-form values such as `default:`). */
  raw(key: string): unknown {
    const n = this.child(key);
    if (n === undefined) return undefined;
    return (n as { toJSON(): unknown }).toJSON();
  }

  /** Rejects every key no accessor asked for, naming the key and the closest known one. */
  done(): void {
    for (const item of this.node.items) {
      const k = isScalar(item.key) ? String(item.key.value) : String(item.key);
      if (!this.known.has(k)) {
        throw new PipelineConfigError(
          this.positions.locate(this.pathOf(k), (item.key as Node) ?? this.node),
          `unknown key '${k}'${didYouMean(k, this.known)}; known keys: ${[...this.known].join(', ')}`,
        );
      }
    }
  }
}
