// Builds the whole server (HTTP API, web app, and later the IM gateway) without listening, so
// tests and main.ts share one composition. main.ts only loads config and listens.
import fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from './config/index.ts';
import { createLogger, type Logger } from './log.ts';
import { openStore, sqliteFileIn, type Store } from './store/index.ts';
import { openBus, type Bus } from './bus/index.ts';
import { registerHealth } from './http/health.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerWebApp } from './http/web-app.ts';
import { seed, type SeedSummary } from './seed/index.ts';

export interface MorselServer {
  readonly config: Config;
  readonly http: FastifyInstance;
  readonly store: Store;
  readonly bus: Bus;
  readonly log: Logger;
  readonly seeded: SeedSummary;
  /** Stops accepting requests, then closes the bus and the store. */
  close(): Promise<void>;
}

export async function buildServer(config: Config, log: Logger = createLogger(config)): Promise<MorselServer> {
  const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
  let bus: Bus | undefined;
  try {
    bus = await openBus({
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix,
      onHandlerError: (err) => log.error({ err }, 'bus handler failed'),
    });
    const seeded = await seed(store, config);
    const http = fastify({
      loggerInstance: log as FastifyBaseLogger,
      requestIdHeader: 'x-request-id',
      genReqId: () => randomUUID(),
      trustProxy: true,
    });
    http.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    registerErrorHandling(http);
    registerHealth(http, { store, bus });
    await registerWebApp(http, config.webDist);
    await http.ready();

    const openBusRef = bus;
    return {
      config,
      http,
      store,
      bus,
      log,
      seeded,
      async close() {
        await http.close();
        await openBusRef.close();
        await store.close();
      },
    };
  } catch (error) {
    await bus?.close();
    await store.close();
    throw error;
  }
}
