// Runs a pipeline in-process with the built library. From the repository root:
//   npm run build && node examples/pipeline-library/run.mjs
import { parsePipeline, identityPipeline, toPlain, tableOptionsToStrings, COLUMN_TYPE_DISPLAY } from '../../packages/pipeline-core/dist/index.js';

const pipeline = parsePipeline(`
version: 2
processors:
  - dissect:
      field: message
      patterns: ['%{ip} - %{user} [%{ts}] "%{method} %{path} %{proto}" %{status} %{size}']
  - date:
      field: ts
      formats: ["%d/%b/%Y:%H:%M:%S %z"]
  - select:
      type: exclude
      fields: [message, user]
transform:
  - field: ip
    type: string
    index: tag
  - fields: [status, size]
    type: uint32
  - field: ts
    type: time
    index: timestamp
`);

const lines = [
  '127.0.0.1 - - [25/May/2024:20:16:37 +0000] "GET /index.html HTTP/1.1" 200 612',
  '10.1.2.3 - alice [25/May/2024:20:16:38 +0200] "POST /api/orders HTTP/2.0" 201 48',
  'this line is not an access log',
];

function show(title, { tables, errors }) {
  console.log(`\n${title}`);
  for (const t of tables) {
    console.log(`table suffix '${t.suffix}', options ${JSON.stringify(tableOptionsToStrings(t.options))}`);
    console.log('  ' + t.schema.map((c) => `${c.name} ${COLUMN_TYPE_DISPLAY[c.type]}${c.semantic === 'field' ? '' : ` (${c.semantic})`}`).join(', '));
    for (const row of t.rows) console.log('  ' + JSON.stringify(row.map(toPlain), (_, v) => (typeof v === 'bigint' ? v.toString() : v)));
  }
  for (const e of errors) console.log(`  error at item ${e.index}${e.processor ? ` in processor ${e.processor.index} (${e.processor.kind})` : ''}: ${e.message}`);
}

show('nginx pipeline', pipeline.run(lines, { skipError: true }));
show('service_identity', identityPipeline().run([{ host: 'web-1', latency: 12.5, tags: ['a'], service_ttl: '7d' }, { host: 'web-2', latency: 3 }]));
