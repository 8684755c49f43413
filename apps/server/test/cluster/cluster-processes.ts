// A cluster as it is deployed: several server processes (main.ts, as `npm start` runs it) on one
// PostgreSQL database and one Redis, each announcing itself as a gateway, and a Redis of the
// test's own so that it can be restarted without disturbing other suites.
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { createPostgresDatabase, freePort, startProcess, uniquePrefix } from '../harness/index.ts';

export const CLUSTER_APP = { appKey: 'cluster-test-app', secret: 'cluster-test-app-secret' };

export interface ClusterNode {
  url: string;
  process: ChildProcess;
  env: Record<string, string>;
}

/** A redis-server of the test's own on a free port, kept in memory only. */
export class PrivateRedis {
  private child?: ChildProcess;
  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null });
      probe.on('error', () => {});
      const ok = await probe.connect().then(
        () => probe.ping().then(() => true),
        () => false,
      );
      probe.disconnect();
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('redis-server did not start');
  }

  async down(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

export interface Cluster {
  nodes: ClusterNode[];
  redis: PrivateRedis;
  /** Starts a stopped node again on its own port and settings. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `size` processes; the first migrates and seeds, the others join it. */
export async function startCluster(size: number): Promise<Cluster> {
  const database = await createPostgresDatabase();
  const redis = await PrivateRedis.start();
  const prefix = uniquePrefix();
  const nodes: ClusterNode[] = [];
  const start = async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      MORSEL_HOST: '127.0.0.1',
      MORSEL_LOG_LEVEL: 'error',
      MORSEL_DATABASE_URL: database.url,
      MORSEL_REDIS_URL: redis.url,
      MORSEL_REDIS_PREFIX: prefix,
      MORSEL_IM_GATEWAY_URL: url,
      MORSEL_IM_APP_KEY: CLUSTER_APP.appKey,
      MORSEL_IM_APP_SECRET: CLUSTER_APP.secret,
      MORSEL_IM_COMMANDS_PER_SECOND: '10000',
      MORSEL_SEED_DEMO: 'false',
    };
    nodes.push({ url, env, process: await startProcess(env, url) });
  };
  try {
    // One at a time: the first start runs the migrations.
    for (let i = 0; i < size; i++) await start();
  } catch (error) {
    for (const node of nodes) node.process.kill('SIGKILL');
    await redis.down();
    await database.drop();
    throw error;
  }
  return {
    nodes,
    redis,
    async restart(index) {
      const node = nodes[index]!;
      node.process = await startProcess(node.env, node.url);
    },
    async stop() {
      await Promise.all(
        nodes.map(
          (node) =>
            new Promise<void>((resolve) => {
              if (node.process.exitCode !== null || node.process.signalCode) return resolve();
              node.process.once('exit', () => resolve());
              node.process.kill('SIGTERM');
            }),
        ),
      );
      await redis.down();
      await database.drop();
    },
  };
}

/** Kills a node with SIGKILL and waits for it to be gone. */
export function kill(node: ClusterNode): Promise<void> {
  return new Promise((resolve) => {
    if (node.process.exitCode !== null) return resolve();
    node.process.once('exit', () => resolve());
    node.process.kill('SIGKILL');
  });
}
