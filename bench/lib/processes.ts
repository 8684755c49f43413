// Child processes of a bench run: started with a time-out, tracked, and always stopped — on a
// normal end, on an error, and on Ctrl-C — so that a run never leaves a server behind.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const children = new Set<ChildProcess>();
let hooksInstalled = false;

function killAllNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // 'exit' handlers may only do synchronous work: SIGKILL whatever is still running.
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping ${children.size} child process(es)\n`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

function track(child: ChildProcess): ChildProcess {
  installHooks();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Node with tsx loaded, so the child runs TypeScript directly and its pid is the real process. */
const TSX_EXEC_ARGV = ['--import', 'tsx'];

export interface StartOptions {
  env?: Record<string, string>;
  /** Extra node flags, e.g. --max-old-space-size. */
  nodeArgs?: string[];
  /** Print the child's stderr/stdout prefixed with this label (they are kept otherwise). */
  label: string;
}

/**
 * Starts a program as a separate Node process (stdout/stderr kept for errors): TypeScript through
 * tsx, a built `.js` file as it is.
 */
export function startNode(
  script: string,
  args: string[],
  options: StartOptions,
): ChildProcess & { output: () => string } {
  const child = spawn(
    process.execPath,
    [
      ...(script.endsWith('.js') ? [] : TSX_EXEC_ARGV),
      ...(options.nodeArgs ?? []),
      script,
      ...args,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return withOutput(track(child), options.label);
}

/** Starts any other program (a peer server such as ejabberd's Erlang VM), tracked like the rest. */
export function startProgram(
  command: string,
  args: string[],
  options: StartOptions & { cwd?: string },
): ChildProcess & { output: () => string } {
  const child = spawn(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return withOutput(track(child), options.label);
}

/** Forks a TypeScript worker with an IPC channel. */
export function forkWorker(
  script: string,
  options: StartOptions,
): ChildProcess & { output: () => string } {
  const child = fork(script, [], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    execArgv: [...TSX_EXEC_ARGV, ...(options.nodeArgs ?? [])],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  return withOutput(track(child), options.label);
}

const OUTPUT_KEEP = 20_000;

function withOutput(child: ChildProcess, label: string): ChildProcess & { output: () => string } {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEEP);
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[${label}] ${chunk.toString()}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return Object.assign(child, { output: () => output });
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
}

/** Resolves when `probe` succeeds, polling; rejects after `timeoutMs` or when the child dies. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; child?: ChildProcess & { output?: () => string } },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (options.child && (options.child.exitCode !== null || options.child.signalCode !== null)) {
      throw new Error(
        `${what}: process exited (${options.child.exitCode ?? options.child.signalCode})\n${options.child.output?.() ?? ''}`,
      );
    }
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(
    `${what}: not ready after ${options.timeoutMs} ms\n${options.child?.output?.() ?? ''}`,
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1 (bound then released). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
