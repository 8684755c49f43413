// `npm start`: load config, build the server, listen, say where it is and how to log in.
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { buildServer } from './app.ts';
import { startupBanner } from './startup-banner.ts';
import { warmCompilers } from './lazy-compile.ts';

function loadOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`morsel: configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

// The bundle's modules have all been evaluated once this line runs.
const modulesLoaded = Math.round(performance.now());
const config = loadOrExit();
const server = await buildServer(config);
// A large accept queue: after a restart every client reconnects at once, and Node's default
// of 511 pending connections drops most of a reconnect storm (docs/benchmarks.md).
const address = await server.http.listen({ host: config.host, port: config.port, backlog: 4096 });
server.log.info(
  {
    msSinceProcessStart: {
      modules: modulesLoaded,
      ...server.startPhases,
      listening: Math.round(performance.now()),
    },
  },
  'server started',
);
// Route schemas compile on first use; the rest compile now, in the background (decision 0055).
void warmCompilers(server.http.server, (err) =>
  server.log.error({ err }, 'a route schema does not compile'),
);
const url =
  config.publicUrl ?? address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');

const lines = startupBanner(config, {
  url,
  storeEngine: server.store.engine,
  busKind: server.bus.kind,
  seeded: server.seeded,
});
process.stdout.write(lines.join('\n') + '\n');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
