#!/usr/bin/env node
// Ports GreptimeDB's sqlness cases (X.sql + X.result) into our own JSON test data, one JSON file per case:
//   { source, statements: [{ sql, interceptors?, expect }] }
// `expect` is the output block exactly as GreptimeDB's .result prints it (table, `Affected Rows: N`, or
// `Error: CODE(Name), message`). Brand names are rewritten (greptime_ -> service_, greptime.semantic. -> service.semantic.) in SQL
// and output.
//
// Usage: node packages/query/scripts/port-sqlness.mjs <greptimedb checkout> [out dir]
//   The checkout needs tests/cases/standalone/common/<dir>; only the directories in DIRS are ported.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIRS = ['select', 'aggregate', 'order', 'types', 'alter', 'create', 'insert', 'function'];
const root = process.argv[2];
if (!root) {
  console.error('usage: port-sqlness.mjs <greptimedb checkout> [out dir]');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[3] ?? join(here, '..', 'test', 'sqlness', 'cases');
const base = join(root, 'tests', 'cases', 'standalone', 'common');

/** Brand names in statement text and output (see the brief: greptime_ identifiers become service_). */
const rebrand = (s) => s.replaceAll('greptime_', 'service_').replaceAll('greptime.semantic.', 'service.semantic.');

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/**
 * Splits a .sql file as sqlness does: comment lines (`--`) belong to the next statement; a statement ends
 * at a line whose trimmed text ends with `;`; blank lines are dropped (the .result echoes none).
 */
function splitQueries(text) {
  const queries = [];
  let lines = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue; // sqlness drops blank lines, also inside a statement
    lines.push(line);
    const t = line.trim();
    if (!t.startsWith('--') && t.endsWith(';')) {
      queries.push(lines);
      lines = [];
    }
  }
  return queries;
}

function portCase(sqlPath) {
  const resultPath = sqlPath.replace(/\.sql$/, '.result');
  const sqlText = readFileSync(sqlPath, 'utf8');
  const result = readFileSync(resultPath, 'utf8');
  const queries = splitQueries(sqlText);
  const statements = [];
  let cursor = 0;
  const heads = [];
  for (const q of queries) {
    // The .result echoes a statement's comment lines first (wherever they stood), then its SQL lines.
    const isComment = (l) => l.trim().startsWith('--');
    const echo = [...q.filter(isComment), ...q.filter((l) => !isComment(l))].join('\n');
    const at = result.indexOf(echo + '\n\n', cursor);
    if (at < 0) throw new Error(`${sqlPath}: statement not found in .result: ${echo.slice(0, 80)}`);
    heads.push({ q, at, end: at + echo.length + 2 });
    cursor = at + echo.length + 2;
  }
  heads.forEach((h, i) => {
    const stop = i + 1 < heads.length ? heads[i + 1].at : result.length;
    const expect = result.slice(h.end, stop).replace(/\n+$/, '');
    const interceptors = h.q.filter((l) => /^\s*--\s*SQLNESS\s/.test(l)).map((l) => l.replace(/^\s*--\s*SQLNESS\s+/, '').trim());
    const sql = h.q
      .filter((l) => !l.trim().startsWith('--'))
      .join('\n')
      .trim()
      .replace(/;$/, '');
    statements.push({ sql: rebrand(sql), ...(interceptors.length ? { interceptors: interceptors.map(rebrand) } : {}), expect: rebrand(expect) });
  });
  return { source: relative(root, sqlPath), statements };
}

rmSync(out, { recursive: true, force: true });
let files = 0;
let count = 0;
for (const d of DIRS) {
  for (const p of walk(join(base, d)).filter((f) => f.endsWith('.sql')).sort()) {
    const c = portCase(p);
    const target = join(out, relative(base, p).replace(/\.sql$/, '.json'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(c, null, 1) + '\n');
    files++;
    count += c.statements.length;
  }
}
console.log(`ported ${files} cases, ${count} statements into ${out}`);
