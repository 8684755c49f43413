// `npm run admin -- create-user <name> --role operator|cashier|viewer [--generate]`: makes an
// operator console account (or resets its password and role) in the configured store. The
// password is read from standard input when it is piped in (`printf '%s' "$PW" | npm run admin
// -- create-user …`); with --generate, or at a terminal, a random one is generated and printed
// once. This is how production gets its first operator: it never has a default password.
import { ConfigError, loadConfig } from './config/index.ts';
import { openStore, sqliteFileIn } from './store/index.ts';
import {
  accountProblem,
  CONSOLE_ROLES,
  generatePassword,
  saveConsoleAccount,
  type ConsoleRole,
} from './campaigns/index.ts';

const USAGE = `usage: npm run admin -- create-user <name> --role ${CONSOLE_ROLES.join('|')} [--generate]
  The password is read from standard input when piped in; with --generate (or at a terminal)
  a random one is generated and printed once.`;

function exit(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const args = process.argv.slice(2);
const [command, name] = args;
if (command !== 'create-user' || !name || name.startsWith('-')) exit(USAGE);
const roleAt = args.indexOf('--role');
const role = roleAt > 0 ? args[roleAt + 1] : undefined;
if (!role) exit(USAGE);
const generate = args.includes('--generate') || process.stdin.isTTY === true;
const password = generate ? generatePassword() : await readStdin();
const problem = accountProblem(name, role, password);
if (problem) exit(`morsel admin: ${problem}`);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) exit(`morsel: configuration error: ${error.message}`);
  throw error;
}
const store = await openStore({
  databaseUrl: config.databaseUrl,
  sqliteFile: sqliteFileIn(config.dataDir),
});
try {
  await saveConsoleAccount(store.db, { name, role: role as ConsoleRole, password }, Date.now());
} finally {
  await store.close();
}
process.stdout.write(`console account ${name} (${role}) saved in the ${store.engine} store\n`);
if (generate) process.stdout.write(`password: ${password} (shown only now)\n`);
