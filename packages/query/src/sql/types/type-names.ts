import { COLUMN_TYPE_DISPLAY, type ColumnType } from '@sluice/pipeline-core';

/** SQL type names (GreptimeDB's display names, MySQL/Postgres spellings) → column types, keys lowercased. */
const NAMES: Record<string, ColumnType> = {
  tinyint: 'int8', smallint: 'int16', int: 'int32', integer: 'int32', bigint: 'int64',
  'tinyint unsigned': 'uint8', 'smallint unsigned': 'uint16', 'int unsigned': 'uint32', 'bigint unsigned': 'uint64',
  float: 'float32', real: 'float32', double: 'float64', 'double precision': 'float64', decimal: 'float64', numeric: 'float64',
  string: 'string', text: 'string', varchar: 'string', char: 'string', 'character varying': 'string',
  bool: 'boolean', boolean: 'boolean', json: 'json', binary: 'binary', varbinary: 'binary', blob: 'binary', bytea: 'binary',
  timestamp: 'timestamp_ms', datetime: 'timestamp_ms',
  timestamp_s: 'timestamp_s', timestamp_ms: 'timestamp_ms', timestamp_us: 'timestamp_us', timestamp_ns: 'timestamp_ns',
  timestamp_sec: 'timestamp_s', timestamp_second: 'timestamp_s', timestamp_millisecond: 'timestamp_ms',
  timestamp_microsecond: 'timestamp_us', timestamp_nanosecond: 'timestamp_ns',
  timestamptz: 'timestamp_ms',
};
for (const [t, display] of Object.entries(COLUMN_TYPE_DISPLAY)) NAMES[display.toLowerCase()] = t as ColumnType;

const PRECISION: Record<number, ColumnType> = { 0: 'timestamp_s', 3: 'timestamp_ms', 6: 'timestamp_us', 9: 'timestamp_ns' };

/** The column type of a SQL type name, or undefined when unknown. `TIMESTAMP(p)` takes p in 0, 3, 6, 9. */
export function columnTypeOf(words: readonly string[], precision?: number): ColumnType | undefined {
  const name = words.join(' ').toLowerCase();
  if (name === 'timestamp' || name === 'datetime' || name === 'timestamptz') {
    return precision === undefined ? 'timestamp_ms' : PRECISION[precision];
  }
  return NAMES[name];
}

/** The SQL spelling used by SHOW CREATE TABLE (GreptimeDB style). */
export function sqlTypeName(t: ColumnType): string {
  switch (t) {
    case 'timestamp_s': return 'TIMESTAMP(0)';
    case 'timestamp_ms': return 'TIMESTAMP(3)';
    case 'timestamp_us': return 'TIMESTAMP(6)';
    case 'timestamp_ns': return 'TIMESTAMP(9)';
    case 'string': return 'STRING';
    case 'float64': return 'DOUBLE';
    case 'float32': return 'FLOAT';
    case 'int64': return 'BIGINT';
    case 'int32': return 'INT';
    case 'int16': return 'SMALLINT';
    case 'int8': return 'TINYINT';
    case 'uint64': return 'BIGINT UNSIGNED';
    case 'uint32': return 'INT UNSIGNED';
    case 'uint16': return 'SMALLINT UNSIGNED';
    case 'uint8': return 'TINYINT UNSIGNED';
    case 'boolean': return 'BOOLEAN';
    case 'json': return 'JSON';
    case 'binary': return 'VARBINARY';
  }
}
