import { InvalidRequestError, VersionClock, type PipelineStore, type StoredPipeline } from '@sluice/storage';
import type { ChCatalog } from '../catalog/catalog.js';

const NAME_MAX_BYTES = 1024;

function checkName(name: string): void {
  if (typeof name !== 'string' || name === '' || name.includes('\u0000') || Buffer.byteLength(name) > NAME_MAX_BYTES) {
    const shown = typeof name === 'string' && name.length > 64 ? `${JSON.stringify(name.slice(0, 64))}… (${Buffer.byteLength(name)} bytes)` : JSON.stringify(name);
    throw new InvalidRequestError(`invalid pipeline name ${shown}: expected 1 to ${NAME_MAX_BYTES} bytes without NUL`);
  }
}

const newestFirst = (a: StoredPipeline, b: StoredPipeline) => (a.name === b.name ? (a.version < b.version ? 1 : -1) : a.name < b.name ? -1 : 1);

/** Pipelines in the ClickHouse catalog; reads from the catalog cache (see ChCatalog for the staleness bound). */
export class ChPipelineStore implements PipelineStore {
  private readonly clock = new VersionClock();

  constructor(private readonly catalog: ChCatalog) {}

  async put(name: string, yaml: string): Promise<StoredPipeline> {
    checkName(name);
    if (typeof yaml !== 'string') throw new InvalidRequestError(`pipeline ${name}: the YAML text must be a string`);
    for (const p of this.catalog.pipelines()) this.clock.observe(p.version);
    const p = { name, version: this.clock.next(), yaml };
    await this.catalog.putPipeline(p, true);
    return p;
  }

  get(name: string, version?: string): StoredPipeline | undefined {
    checkName(name);
    const all = this.list(name);
    const hit = version === undefined ? all[0] : all.find((p) => p.version === version);
    if (hit === undefined) void this.catalog.refresh().catch(() => {});
    return hit;
  }

  list(name?: string): StoredPipeline[] {
    if (name !== undefined) checkName(name);
    return this.catalog.pipelines().filter((p) => name === undefined || p.name === name).sort(newestFirst);
  }

  async delete(name: string, version: string): Promise<boolean> {
    checkName(name);
    await this.catalog.refresh();
    const p = this.list(name).find((x) => x.version === version);
    if (!p) return false;
    await this.catalog.putPipeline(p, false);
    return true;
  }
}
