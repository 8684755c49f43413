// Starts the real server on a random port with a fresh data directory (SQLite file) and stops
// it. Integration and end-to-end tests meet the product through this, never through mocks.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { buildServer, type MorselServer, type ServerServices } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/index.ts';

export interface TestServer {
  readonly url: string;
  readonly port: number;
  readonly server: MorselServer;
  readonly dataDir: string;
  /** Closes the server; with `keepData` the data directory stays for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'morsel-test-'));
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  services: ServerServices = {},
  options: { log?: Logger } = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await makeDataDir());
  const config = loadConfig(
    {},
    { host: '127.0.0.1', port: 0, logLevel: 'warn', ...overrides, dataDir },
  );
  // Port 0 picks a free port; a test that restarts a server passes the port it had.
  const log = options.log ?? pino({ level: process.env.MORSEL_TEST_LOG_LEVEL ?? 'warn' });
  const server = await buildServer(config, log, services);
  await server.http.listen({ host: config.host, port: config.port });
  const address = server.http.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  let stopped = false;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    server,
    dataDir,
    async stop(options = {}) {
      if (stopped) return;
      stopped = true;
      await server.close();
      if (!options.keepData) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
