// `npm start` as an operator runs it: a real process, its output and its exit code.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeDataDir } from '../harness/index.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

function run(env: Record<string, string>, until?: RegExp) {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
  });
  let stdout = '';
  let stderr = '';
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start (main.ts)', () => {
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
      );
      expect(result.stdout).toMatch(/Morsel is running at http:\/\/127\.0\.0\.1:\d+/);
      expect(result.stdout).toContain('mode: development (MORSEL_ENV)');
      expect(result.stdout).toContain('IM demo accounts: demo1, demo2, demo3');
      expect(result.stdout).toMatch(/password 零食节快乐 → [A-Z0-9]{10}/);
      expect(result.stdout).not.toMatch(/token [0-9a-f]{32}/);
      // A first start generates the IM app secret and shows it this once.
      expect(result.stdout).toMatch(/IM app secret: [0-9a-f]{32} \(generated on this first start/);
      expect(result.code).toBe(0);
      await expect(fs.stat(path.join(dataDir, 'morsel.sqlite'))).resolves.toBeTruthy();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
