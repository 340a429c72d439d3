import { rng } from '../support/random.js';
import { startSluice, type SluiceProcess } from '../support/sluice-process.js';
import type { CrashRow, WritePath } from './write-paths.js';

export interface CrashOptions {
  readonly main: string;
  readonly dataHome: string;
  readonly paths: readonly WritePath[];
  /** SIGKILL rounds (then one SIGTERM round). */
  readonly rounds: number;
  /** Concurrent ingest clients. */
  readonly clients: number;
  /** Seed of the random kill moments and batch sizes (the run is repeatable up to timing). */
  readonly seed: number;
  /** How often the store runs its TTL sweep + compaction, so kills land during it. */
  readonly maintenanceInterval?: string;
  readonly log?: (line: string) => void;
}

export interface CrashReport {
  readonly rounds: number;
  readonly killsDuringMaintenance: number;
  readonly maintenancePasses: number;
  readonly requestsAcknowledged: number;
  readonly requestsFailed: number;
  readonly rowsAcknowledged: number;
  readonly rowsLost: number;
  readonly rowsDuplicated: number;
  readonly perPath: Record<string, { acknowledged: number; lost: number; duplicated: number }>;
  /** The SIGTERM round: requests answered 200 while stopping, and the exit code. */
  readonly sigterm: { readonly acknowledgedWhileStopping: number; readonly exitCode: number | null };
  /** A few examples of what went wrong, for the failure message. */
  readonly problems: string[];
}

const BASE_TS = Date.UTC(2026, 0, 1);

async function readIds(url: string, table: string): Promise<Map<string, number>> {
  const res = await fetch(`${url}/v1/sql`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ sql: `SELECT id FROM ${table}` }) });
  const body = (await res.json()) as { output?: { records: { rows: [string][] } }[]; error?: string };
  const counts = new Map<string, number>();
  if (res.status !== 200) {
    if (/not found/i.test(body.error ?? '')) return counts; // nothing written to it yet
    throw new Error(`SELECT id FROM ${table}: ${res.status} ${body.error}`);
  }
  for (const [id] of body.output![0]!.records.rows) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * SIGKILLs a real server at random moments while several clients write through every write path,
 * restarts it on the same data home and checks that every acknowledged row is there exactly once.
 * The last round stops it with SIGTERM instead: requests in flight must finish and be kept.
 */
export async function runCrashHarness(o: CrashOptions): Promise<CrashReport> {
  const rnd = rng(o.seed).next;
  const log = o.log ?? (() => undefined);
  const toml = `[storage]\nmaintenance_interval = "${o.maintenanceInterval ?? '150ms'}"\n`;
  const acked = new Map<string, Set<string>>(o.paths.map((p) => [p.name, new Set<string>()]));
  const lost = new Map<string, Set<string>>(o.paths.map((p) => [p.name, new Set<string>()]));
  const duplicated = new Map<string, Set<string>>(o.paths.map((p) => [p.name, new Set<string>()]));
  const problems: string[] = [];
  let seq = 0;
  let requestsAcknowledged = 0;
  let roundAcks = 0;
  let requestsFailed = 0;
  let killsDuringMaintenance = 0;
  let maintenancePasses = 0;

  const verify = async (url: string) => {
    for (const p of o.paths) {
      const present = await readIds(url, p.table);
      for (const id of acked.get(p.name)!) {
        const n = present.get(id) ?? 0;
        if (n === 0 && !lost.get(p.name)!.has(id)) {
          lost.get(p.name)!.add(id);
          if (problems.length < 10) problems.push(`${p.name}: acknowledged row ${id} is missing`);
        }
      }
      for (const [id, n] of present) {
        if (n > 1 && !duplicated.get(p.name)!.has(id)) {
          duplicated.get(p.name)!.add(id);
          if (problems.length < 10) problems.push(`${p.name}: row ${id} is there ${n} times`);
        }
      }
    }
  };

  /** Clients write until `stop()` says so or the server goes away; returns how many requests were answered 200. */
  const ingest = (server: SluiceProcess, round: number, stopped: () => boolean) =>
    Promise.all(
      Array.from({ length: o.clients }, async (_, client) => {
        let ok = 0;
        for (let b = 0; !stopped(); b++) {
          const path = o.paths[(client + b) % o.paths.length]!;
          const rows: CrashRow[] = Array.from({ length: 1 + Math.floor(rnd() * 40) }, (_, i) => ({ id: `r${round}c${client}b${b}i${i}`, ts: BASE_TS + seq++ }));
          try {
            const res = await path.send(server.url, rows);
            const text = await res.text();
            if (res.status === 200) {
              for (const r of rows) acked.get(path.name)!.add(r.id);
              requestsAcknowledged++;
              roundAcks++;
              ok++;
            } else {
              requestsFailed++;
              if (problems.length < 10) problems.push(`${path.name}: ${res.status} ${text.slice(0, 200)}`);
            }
          } catch {
            // Killed mid-request: not acknowledged, so the rows may or may not be there (but never twice).
            requestsFailed++;
            return ok;
          }
        }
        return ok;
      }),
    ).then((n) => n.reduce((a, b) => a + b, 0));

  let server = await startSluice({ main: o.main, dataHome: o.dataHome, toml });
  try {
    for (const p of o.paths) await p.prepare?.(server.url);
    for (let round = 0; round < o.rounds; round++) {
      let killed = false;
      roundAcks = 0;
      const writing = ingest(server, round, () => killed);
      // Kill only once writes are flowing (the first requests after a start are the slowest).
      for (const until = Date.now() + 15_000; roundAcks === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
      // Every third round waits for a maintenance pass to start, then kills at once; the others at a random moment.
      const waitForMaintenance = round % 3 === 2;
      const before = server.maintenancePasses();
      const deadline = Date.now() + 50 + rnd() * 1000;
      while (waitForMaintenance ? server.maintenancePasses() === before && Date.now() < deadline + 2000 : Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, waitForMaintenance ? 1 : 10));
      }
      const during = server.inMaintenance();
      server.child.kill('SIGKILL');
      killed = true;
      await server.exited;
      await writing;
      if (during) killsDuringMaintenance++;
      maintenancePasses += server.maintenancePasses();
      log(`round ${round + 1}/${o.rounds}: SIGKILL${during ? ' during maintenance' : ''}; acknowledged so far ${[...acked.values()].reduce((a, s) => a + s.size, 0)} rows`);
      server = await startSluice({ main: o.main, dataHome: o.dataHome, toml });
      await verify(server.url);
    }
    // SIGTERM: clients keep writing; every request the server answered must be kept, and it exits 0.
    let stopping = false;
    const writing = ingest(server, o.rounds, () => stopping && server.child.exitCode !== null);
    await new Promise((r) => setTimeout(r, 200 + rnd() * 300));
    server.child.kill('SIGTERM');
    stopping = true;
    const exit = await server.exited;
    const acknowledgedWhileStopping = await writing;
    maintenancePasses += server.maintenancePasses();
    server = await startSluice({ main: o.main, dataHome: o.dataHome, toml });
    await verify(server.url);
    log(`SIGTERM round: exit code ${exit.code}, ${acknowledgedWhileStopping} requests acknowledged in the last round`);
    const perPath = Object.fromEntries(o.paths.map((p) => [p.name, { acknowledged: acked.get(p.name)!.size, lost: lost.get(p.name)!.size, duplicated: duplicated.get(p.name)!.size }]));
    const sum = (k: 'acknowledged' | 'lost' | 'duplicated') => Object.values(perPath).reduce((a, x) => a + x[k], 0);
    return {
      rounds: o.rounds,
      killsDuringMaintenance,
      maintenancePasses,
      requestsAcknowledged,
      requestsFailed,
      rowsAcknowledged: sum('acknowledged'),
      rowsLost: sum('lost'),
      rowsDuplicated: sum('duplicated'),
      perPath,
      sigterm: { acknowledgedWhileStopping, exitCode: exit.code },
      problems,
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
}
