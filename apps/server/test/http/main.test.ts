// `npm start` as an operator runs it: the production build (dist/main.js, made by build.mjs), a
// real process, its output and its exit code.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir } from '../harness/index.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs the built server until its output matches `until`; `whileUp` gets the address it printed
 * and runs before the SIGTERM.
 */
function run(
  env: Record<string, string>,
  until?: RegExp,
  whileUp: (url: string) => Promise<void> = async () => {},
) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
  });
  let stdout = '';
  let stderr = '';
  let failure: unknown;
  let up = false;
  return new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (up || !until?.test(stdout)) return;
      up = true;
      const url = /Morsel is running at (\S+)/.exec(stdout)?.[1] ?? '';
      whileUp(url)
        .catch((error: unknown) => (failure = error))
        .finally(() => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code, signal) =>
      failure ? reject(failure as Error) : resolve({ code, signal, stdout, stderr }),
    );
  });
}

describe('npm start (the built main.ts)', () => {
  // What `npm start` runs; `npm test`'s pretest builds it too, this makes sure it is this source's.
  beforeAll(() => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });
  }, 120_000);

  it('refuses a bad MORSEL_* value with a clear message and no stack trace', async () => {
    const result = await run({ PORT: 'eighty', MORSEL_DATA_DIR: '/tmp/unused' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('morsel: configuration error: PORT="eighty" is not valid');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses MORSEL_ENV=production with the development defaults, naming each variable', async () => {
    const result = await run({ MORSEL_ENV: 'production', MORSEL_DATA_DIR: '/tmp/unused' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /MORSEL_ENV=production refuses to start.*MORSEL_SMS_PROVIDER.*MORSEL_OPENAPI_CLIENTS.*MORSEL_ADMIN_KEY/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('starts in development mode, says so, tells how to log in without printing tokens, and stops cleanly on SIGTERM', async () => {
    const dataDir = await makeDataDir();
    try {
      const result = await run(
        { PORT: '0', MORSEL_HOST: '127.0.0.1', MORSEL_DATA_DIR: dataDir, MORSEL_LOG_LEVEL: 'warn' },
        /sms-outbox\?mobile=<number>/,
        // SIGTERM once it answers, as an operator's stop would come.
        async (url) => expect((await fetch(`${url}/healthz`)).status).toBe(200),
      );
      expect(result.stdout).toMatch(/Morsel is running at http:\/\/127\.0\.0\.1:\d+/);
      expect(result.stdout).toContain('mode: development (MORSEL_ENV)');
      expect(result.stdout).toContain('IM demo accounts: demo1, demo2, demo3');
      expect(result.stdout).toMatch(/password 零食节快乐 → [A-Z0-9]{10}/);
      expect(result.stdout).not.toMatch(/token [0-9a-f]{32}/);
      // A first start generates the IM app secret and shows it this once.
      expect(result.stdout).toMatch(/IM app secret: [0-9a-f]{32} \(generated on this first start/);
      expect({ code: result.code, signal: result.signal }).toEqual({ code: 0, signal: null });
      await expect(fs.stat(path.join(dataDir, 'morsel.sqlite'))).resolves.toBeTruthy();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('serves its own files, checks input and answers JSON from the build', async () => {
    const dataDir = await makeDataDir();
    try {
      const result = await run(
        { PORT: '0', MORSEL_HOST: '127.0.0.1', MORSEL_DATA_DIR: dataDir, MORSEL_LOG_LEVEL: 'warn' },
        /sms-outbox\?mobile=<number>/,
        async (url) => {
          // Files found from the package root (src/paths.ts), not from the bundle's place.
          const picture = await fetch(`${url}/api/campaign/assets/nuts.png`);
          expect(picture.status).toBe(200);
          expect(picture.headers.get('content-type')).toBe('image/png');
          const lizard = await fetch(`${url}/activity/activity-static/lizard/index.js`);
          expect(lizard.status).toBe(200);
          // A validator compiled on first use refuses as the table says...
          const bad = await fetch(`${url}/api/lizard/pv`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ x: 1 }),
          });
          expect(bad.status).toBe(400);
          expect(await bad.json()).toMatchObject({ code: 10001 });
          // ...and a reply serializer compiled on first use answers the table's shape.
          const winners = await fetch(`${url}/api/campaign/raffle/winners`);
          expect(winners.status).toBe(200);
          expect(await winners.json()).toMatchObject({ code: 0 });
        },
      );
      expect(result.stderr).not.toContain('does not compile');
      expect({ code: result.code, signal: result.signal }).toEqual({ code: 0, signal: null });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
