// The same line-protocol bodies to Debian's influxd 1.6 and to Sluice: same status, same error
// message (InfluxDB's text is a prefix of ours, which adds the line and column), same stored values.
// Needs the Debian package `influxdb` (listed in .ci/apt-packages.txt).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';
import { startInfluxd, type Influxd } from './peers/influxd.js';

const SAME_ERRORS = [
  'cpu',
  'cpu value=1\nbad line here\nmem x=2',
  'cpu,host=a value=abc',
  'cpu v=NaN',
  'cpu,host=a value=1 12a',
  'cpu,host=a, value=1',
  'cpu,host=a,host=b value=1',
  'cpu value=1 1 extra',
  'cpu value=1,',
  'cpu value=',
  'cpu =1',
  ',t=1 v=1',
  'cpu,t= v=1',
  'cpu v="abc',
];

const SAME_POINTS = [
  'weather,city=oslo temp=3.5,hum=80i,ok=true,note="light, \\"rain\\"" 1700000000000000000',
  'weather,city=rome temp=18,ok=F 1700000000000000000\nweather,city=rome hum=40i 1700000000000000000',
  '# comment\n\n  weather,city=paris temp=-1.5e1 1700000001000000000\n',
  'esc\\ m,t\\,k=v\\=1\\ x,t2=a\\\\b f\\=k="s \\\\ \\n e" 1700000000000000000',
];

describe('line protocol: Sluice against influxd 1.6 (same bodies)', () => {
  let influx: Influxd;
  let s: TestServer;
  beforeAll(async () => {
    [influx, s] = await Promise.all([startInfluxd(), startTestServer()]);
    await influx.query('CREATE DATABASE oracle');
  }, 60_000);
  afterAll(async () => {
    await Promise.all([influx?.close(), s?.close()]);
  });

  const both = async (body: string) => {
    const [a, b] = await Promise.all([
      fetch(`${influx.url}/write?db=oracle`, { method: 'POST', body }),
      s.fetch('/v1/lineproto/write?db=public', { method: 'POST', body }),
    ]);
    return { influx: { status: a.status, text: await a.text() }, sluice: { status: b.status, text: await b.text() } };
  };

  for (const body of SAME_ERRORS) {
    it(`same error for ${JSON.stringify(body)}`, async () => {
      const r = await both(body);
      expect(r.influx.status).toBe(400);
      expect(r.sluice.status).toBe(400);
      // influxd wraps a bad line among good ones as "partial write: ... dropped=0"
      const expected = JSON.parse(r.influx.text).error.replace(/^partial write: /, '').replace(/ dropped=\d+$/, '');
      const ours = JSON.parse(r.sluice.text).error as string;
      expect(ours.startsWith(`${expected} (line `)).toBe(true);
    });
  }

  it('stores the same values for the same points', async () => {
    for (const body of SAME_POINTS) {
      const r = await both(body);
      expect([body, r.influx.status, r.influx.text, r.sluice.status]).toEqual([body, 204, '', 204]);
    }
    for (const [m, cols] of [['weather', ['city', 'temp', 'hum', 'ok', 'note']], ['esc m', ['t,k', 't2', 'f=k']]] as const) {
      const res = (await influx.query(`SELECT ${cols.map((c) => `"${c.replace(/"/g, '\\"')}"`).join(', ')} FROM "${m}"`, 'oracle')) as {
        results: { series: { values: unknown[][] }[] }[];
      };
      const theirs = res.results[0]!.series[0]!.values.map((row) => row.slice(1)).sort((x, y) => String(x).localeCompare(String(y)));
      const sql = `SELECT service_timestamp, ${cols.map((c) => `"${c}"`).join(', ')} FROM "${m}"`;
      const ours = ((await (await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql }) })).json()) as {
        output: { records: { rows: unknown[][] } }[];
      }).output[0]!.records.rows.map((row) => row.slice(1)).sort((x, y) => String(x).localeCompare(String(y)));
      expect(ours).toEqual(theirs);
    }
  });

  it('differs on purpose: a bad line writes nothing here, InfluxDB keeps the good lines', async () => {
    const r = await both('partial v=1 1\npartial v=oops 2');
    expect(r.influx.status).toBe(400);
    expect(r.influx.text).toMatch(/^\{"error":"partial write: /);
    expect(r.sluice.status).toBe(400);
    const kept = (await influx.query('SELECT count(v) FROM partial', 'oracle')) as { results: { series?: { values: unknown[][] }[] }[] };
    expect(kept.results[0]!.series![0]!.values[0]![1]).toBe(1);
    const ours = await (await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: "SHOW TABLES LIKE 'partial'" }) })).json();
    expect(ours.output[0].records.rows).toEqual([]);
  });
});
