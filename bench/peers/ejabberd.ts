// ejabberd from Debian's packages as a peer: installed on first use (apt-get), run as the Erlang
// VM directly (not ejabberdctl, which drops the open-files limit to 1024) with a minimal config
// of its own on 127.0.0.1: internal auth with plain passwords, one c2s listener without TLS or
// shaper, in-band registration open so the bench can create its users. See /work/shared/STACK.md.
// With `persist`, it stores on SQL as a deployment that keeps history would: SQLite (Debian's
// erlang-p1-sqlite3, the schema ejabberd ships in sql/lite.sql), mod_mam archiving every
// message and mod_offline keeping what an offline recipient has not received.
import { execFile } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startProgram, stop, waitUntil } from '../lib/processes.ts';

const run = promisify(execFile);
const ERL = '/usr/bin/erl';
const ERL_LIBS = '/usr/lib/x86_64-linux-gnu';
/** Erlang's own library directory, where Debian puts the p1_* drivers. */
const ERLANG_LIBS = '/usr/lib/erlang/lib';
const USER = 'ejabberd';

export interface EjabberdOptions {
  /** Store on SQLite with mod_mam (every message archived) and mod_offline. */
  persist?: boolean;
}

export interface EjabberdPeer {
  readonly port: number;
  readonly pid: number;
  readonly version: string;
  /** With persist: the messages its archive (mod_mam's table) holds now; otherwise undefined. */
  archived(): Promise<number | undefined>;
  stop(): Promise<void>;
}

/** ejabberd and the SQLite driver its SQL storage uses here. */
const PACKAGES = ['ejabberd', 'erlang-p1-sqlite3'];

async function installed(): Promise<boolean> {
  try {
    const libs = await fs.readdir(ERL_LIBS);
    const erlangLibs = await fs.readdir(ERLANG_LIBS);
    return (
      libs.some((name) => name.startsWith('ejabberd-')) &&
      erlangLibs.some((name) => name.startsWith('p1_sqlite3-')) &&
      fsSync.existsSync(ERL)
    );
  } catch {
    return false;
  }
}

/** Installs Debian's ejabberd when missing (apt does not start it; we run it ourselves). */
export async function ensureEjabberd(log: (line: string) => void): Promise<string> {
  if (!(await installed())) {
    log('ejabberd is not installed: running `apt-get install -y ejabberd` (about 10 s)…');
    await run('apt-get', ['install', '-y', '--no-install-recommends', ...PACKAGES], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (!(await installed())) throw new Error('apt-get install ejabberd did not install it');
  }
  const libs = await fs.readdir(ERL_LIBS);
  return libs.find((name) => name.startsWith('ejabberd-'))!.slice('ejabberd-'.length);
}

/** The SQL part of the configuration: SQLite storage, archive and offline store on it. */
function sqlConfig(database: string): string {
  return `sql_type: sqlite
sql_database: "${database}"
default_db: sql
`;
}

function config(port: number, database?: string): string {
  return `${database ? sqlConfig(database) : ''}hosts:
  - localhost
loglevel: warning
auth_method: internal
auth_password_format: plain
registration_timeout: infinity
acme:
  auto: false
listen:
  - port: ${port}
    ip: "127.0.0.1"
    module: ejabberd_c2s
    backlog: 1024
    max_stanza_size: 262144
acl:
  local:
    user_regexp: ""
access_rules:
  local:
    allow: local
modules:
  mod_register:
    access: all
    ip_access: all
  mod_roster: {}
  mod_disco: {}
  mod_ping: {}
${
  database
    ? `  mod_mam:
    db_type: sql
    default: always
  mod_offline:
    db_type: sql
`
    : ''
}`;
}

/** Makes the SQLite database with the schema ejabberd ships (it does not create it itself). */
async function createSqliteDatabase(file: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const schema = await fs.readFile(SQLITE_SCHEMA, 'utf8');
  const db = new Database(file);
  try {
    db.exec(schema);
  } finally {
    db.close();
  }
}

const SQLITE_SCHEMA = '/usr/share/ejabberd/sql/lite.sql';

export async function startEjabberd(
  log: (line: string) => void,
  options: EjabberdOptions = {},
): Promise<EjabberdPeer> {
  const version = await ensureEjabberd(log);
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ejabberd-bench-'));
  const removeDir = () => fsSync.rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeDir);
  const spool = path.join(dir, 'spool');
  const logs = path.join(dir, 'log');
  await fs.mkdir(spool);
  await fs.mkdir(logs);
  const configPath = path.join(dir, 'ejabberd.yml');
  const database = options.persist ? path.join(dir, 'ejabberd.db') : undefined;
  if (database) await createSqliteDatabase(database);
  await fs.writeFile(configPath, config(port, database));
  await run('chown', ['-R', `${USER}:${USER}`, dir]);
  await fs.chmod(dir, 0o755);
  // setpriv drops root and keeps this process's open-files limit (ejabberdctl would lower it).
  const child = startProgram(
    'setpriv',
    [
      `--reuid=${USER}`,
      `--regid=${USER}`,
      '--init-groups',
      ERL,
      '-noinput',
      '-noshell',
      '+K',
      'true',
      '+P',
      '250000',
      '-mnesia',
      'dir',
      `"${spool}"`,
      '-s',
      'ejabberd',
    ],
    {
      label: 'ejabberd',
      cwd: dir,
      env: {
        EJABBERD_CONFIG_PATH: configPath,
        EJABBERD_LOG_PATH: path.join(logs, 'ejabberd.log'),
        ERL_LIBS,
        HOME: dir,
      },
    },
  );
  const errorLog = async () =>
    fs.readFile(path.join(logs, 'error.log'), 'utf8').catch(() => '(no error.log)');
  try {
    await waitUntil(
      'ejabberd',
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        }),
      { timeoutMs: 30_000, child },
    );
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}\n${await errorLog()}`, { cause: error });
  }
  return {
    port,
    get pid() {
      return child.pid!;
    },
    version,
    async archived() {
      if (!database) return undefined;
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(database, { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM archive').get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    async stop() {
      await stop(child, 10_000);
      removeDir();
      process.off('exit', removeDir);
    },
  };
}
