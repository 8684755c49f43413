// Two server processes of one deployment for the cluster tests: one fresh PostgreSQL database and
// one Redis key prefix shared by both, so the bus, presence and store are the cluster's.
import type { Config } from '../../src/config/index.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createPostgresDatabase, REDIS_URL, uniquePrefix } from './services.ts';

export interface ServerPair {
  one: TestServer;
  two: TestServer;
  /** Stops both servers, then drops the database. */
  stop(): Promise<void>;
}

export async function startServerPair(config: Partial<Config> = {}): Promise<ServerPair> {
  const database = await createPostgresDatabase();
  const shared = {
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    redisPrefix: uniquePrefix(),
    ...config,
  };
  const one = await startTestServer(shared);
  const two = await startTestServer(shared);
  return {
    one,
    two,
    async stop() {
      await one.stop();
      await two.stop();
      await database.drop();
    },
  };
}
