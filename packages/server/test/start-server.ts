import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../src/server.js';
import type { PartialConfig } from '../src/config/schema.js';

export interface TestServer {
  readonly url: string;
  readonly dataHome: string;
  readonly server: RunningServer;
  readonly logs: string[];
  /** Stops the server; the data home is kept (restart tests reuse it). */
  stop(): Promise<void>;
  /** Stops the server and removes its data home. */
  close(): Promise<void>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export function tempDataHome(): string {
  return mkdtempSync(join(tmpdir(), 'sluice-e2e-'));
}

/** Starts the real server (real store, SQL engine and pipelines) on 127.0.0.1, port 0, in a temp data home. */
export async function startTestServer(
  opts: { dataHome?: string; config?: PartialConfig; configFile?: string; pipelineWorkers?: number; pipelineWorkerScript?: string; dashboardDir?: string } = {},
): Promise<TestServer> {
  const dataHome = opts.dataHome ?? tempDataHome();
  const logs: string[] = [];
  const config: PartialConfig = {
    ...opts.config,
    http: { ...opts.config?.http, addr: '127.0.0.1:0' },
    storage: { ...opts.config?.storage, data_home: dataHome },
    logging: { level: 'info', log_format: 'json', ...opts.config?.logging },
  };
  const server = await startServer({
    config,
    logStream: { write: (s: string) => logs.push(s) },
    ...(opts.configFile ? { configFile: opts.configFile } : {}),
    ...(opts.pipelineWorkers ? { pipelineWorkers: opts.pipelineWorkers, pipelineWorkerScript: opts.pipelineWorkerScript } : {}),
    ...(opts.dashboardDir ? { dashboardDir: opts.dashboardDir } : {}),
  });
  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      await server.close();
    }
  };
  return {
    url: server.url,
    dataHome,
    server,
    logs,
    stop,
    async close() {
      await stop();
      rmSync(dataHome, { recursive: true, force: true });
    },
    fetch: (path, init) => fetch(server.url + path, init),
  };
}
