// `npm start`: load config, build the server, listen, say where it is and how to log in.
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { buildServer } from './app.ts';

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

const config = loadOrExit();
const server = await buildServer(config);
// A large accept queue: after a restart every client reconnects at once, and Node's default
// of 511 pending connections drops most of a reconnect storm (docs/benchmarks.md).
const address = await server.http.listen({ host: config.host, port: config.port, backlog: 4096 });
const url = config.publicUrl ?? address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');

const lines = [
  '',
  `Morsel is running at ${url}`,
  `  store: ${server.store.engine}${server.store.engine === 'sqlite' ? ` (${config.dataDir})` : ''}, bus: ${server.bus.kind}`,
  `  IM app key: ${server.seeded.appKey}`,
  ...server.seeded.demoAccounts.map((a) => `  IM demo account: ${a.accid} / token ${a.token}`),
  ...(config.smsProvider === 'outbox'
    ? [`  Log in with any mobile number; SMS codes go to the outbox: ${url}/dev/sms-outbox?mobile=<number>`]
    : []),
  '',
];
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
