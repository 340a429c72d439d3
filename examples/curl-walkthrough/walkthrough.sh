#!/usr/bin/env bash
# Upload a pipeline, ingest nginx access logs through it, query them.
# Start the server first (from the repository root):  npm start
# Then:  examples/curl-walkthrough/walkthrough.sh  [http://127.0.0.1:4000]
# (or set SLUICE_URL). It starts from a clean slate, so running it twice gives the same answers.
set -euo pipefail

URL="${1:-${SLUICE_URL:-http://127.0.0.1:4000}}"
HERE="$(cd "$(dirname "$0")" && pwd)"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "health"
curl -sS "$URL/health"; echo

step "start clean: drop the tables this walk-through writes"
curl -sS "$URL/v1/sql" --data-urlencode 'sql=DROP TABLE IF EXISTS nginx_logs; DROP TABLE IF EXISTS app_events'; echo

step "upload the nginx pipeline (compiled on upload; the answer carries its version)"
curl -sS -X POST "$URL/v1/pipelines/nginx" -F "file=@$HERE/pipeline.yaml"; echo

step "dry-run it on the log without writing anything"
curl -sS -X POST "$URL/v1/pipelines/_dryrun?pipeline_name=nginx" \
  -H 'Content-Type: text/plain' --data-binary "@$HERE/access.log" | head -c 600; echo ' ...'

step "ingest the access log (gzip-compressed) into table nginx_logs"
gzip -c "$HERE/access.log" | curl -sS -X POST "$URL/v1/ingest?db=public&table=nginx_logs&pipeline_name=nginx" \
  -H 'Content-Type: text/plain' -H 'Content-Encoding: gzip' --data-binary @-; echo

step "a bad line fails the request ... unless skip_error=true"
printf 'not an nginx line\n' | curl -sS -X POST "$URL/v1/ingest?table=nginx_logs&pipeline_name=nginx" \
  -H 'Content-Type: text/plain' --data-binary @-; echo
printf 'not an nginx line\n' | curl -sS -X POST "$URL/v1/ingest?table=nginx_logs&pipeline_name=nginx&skip_error=true" \
  -H 'Content-Type: text/plain' --data-binary @-; echo

step "JSON documents need no pipeline: service_identity"
curl -sS -X POST "$URL/v1/ingest?table=app_events&pipeline_name=service_identity" \
  -H 'Content-Type: application/json' -d '[{"user":"ann","action":"login","id":9007199254740993}]'; echo

step "query: count, then rows as a table, then CSV"
curl -sS "$URL/v1/sql" --data-urlencode 'sql=SELECT count(*) FROM nginx_logs'; echo
curl -sS "$URL/v1/sql?format=table" --data-urlencode 'sql=SELECT ip, method, path, status, size FROM nginx_logs WHERE status >= 400'
curl -sS "$URL/v1/sql?format=csv" --data-urlencode 'sql=SELECT ts, ip, status FROM nginx_logs LIMIT 3'

step "64-bit integers stay exact in JSON"
curl -sS "$URL/v1/sql" --data-urlencode 'sql=SELECT id FROM app_events'; echo

step "the pipeline as stored (its latest version)"
curl -sS "$URL/v1/pipelines/nginx"; echo
