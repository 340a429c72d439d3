import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './local-clickhouse.js';

/** A throw-away standalone ZooKeeper on 127.0.0.1 (for ClickHouse's replication and ON CLUSTER DDL in tests). */
export interface LocalZooKeeper {
  readonly host: string;
  readonly port: number;
  readonly pid: number;
  /** Kills the server and removes its directory. */
  stop(): Promise<void>;
}

const JAR = '/usr/share/java/zookeeper.jar';

/** Debian's ZooKeeper jar (`apt-get install zookeeper`) and a java to run it, or undefined. */
export function zooKeeperJar(): string | undefined {
  const jar = process.env.ZOOKEEPER_JAR ?? JAR;
  return existsSync(jar) && existsSync('/usr/bin/java') ? jar : undefined;
}

/** Whether the server answers the `srvr` four-letter command (whitelisted by default). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let text = '';
    s.setTimeout(1000, () => s.destroy());
    s.on('connect', () => s.write('srvr'));
    s.on('data', (d) => (text += d));
    s.on('error', () => resolve(false));
    s.on('close', () => resolve(text.includes('Mode:')));
  });
}

/** Starts ZooKeeper (standalone, `ZooKeeperServerMain`) on a free loopback port in a temporary directory. */
export async function startLocalZooKeeper(timeoutMs = 60_000): Promise<LocalZooKeeper> {
  const jar = zooKeeperJar();
  if (jar === undefined) throw new Error('ZooKeeper is not installed (apt-get install zookeeper)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sluice-zk-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'zoo.cfg'), `tickTime=500\ndataDir=${dir}/data\nclientPort=${port}\nclientPortAddress=127.0.0.1\nadmin.enableServer=false\nmaxClientCnxns=200\n`);
  const child: ChildProcess = spawn('/usr/bin/java', ['-Xmx256m', '-cp', jar, 'org.apache.zookeeper.server.ZooKeeperServerMain', join(dir, 'zoo.cfg')], { stdio: 'ignore', cwd: dir });
  let exited = false;
  const done = new Promise<void>((r) => child.once('exit', () => ((exited = true), r())));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGKILL');
      await done;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(port))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(exited ? 'ZooKeeper exited during startup' : `ZooKeeper did not answer on port ${port} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { host: '127.0.0.1', port, pid: child.pid!, stop };
}
