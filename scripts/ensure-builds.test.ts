// When `npm start` and `npm test` rebuild the web app (scripts/ensure-builds.mjs --check).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ensure-builds.mjs');
let root: string;

function write(file: string, content: string, ageSeconds: number) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  const at = Date.now() / 1000 - ageSeconds;
  fs.utimesSync(full, at, at);
  // Directories count by their own time too: keep them old.
  for (let dir = path.dirname(full); dir.startsWith(root) && dir !== root; dir = path.dirname(dir))
    fs.utimesSync(dir, 1e9, 1e9);
}

const manifest = (name: string, dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name, dependencies });

function check(): 'up to date' | 'stale' {
  const run = spawnSync(process.execPath, [script, '--check', root], { encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr);
  return run.status === 0 ? 'up to date' : 'stale';
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'morsel-webbuild-'));
  // A workspace like the repository's: the web app bundles @morsel/sdk, which bundles
  // @morsel/wire; @morsel/server-only is not part of the web app.
  write(
    'package.json',
    JSON.stringify({
      workspaces: ['apps/web', 'packages/sdk', 'packages/wire', 'packages/server-only'],
    }),
    600,
  );
  write('package-lock.json', '{}', 600);
  write(
    'apps/web/package.json',
    manifest('@morsel/web', { '@morsel/sdk': '*', react: '^19' }),
    600,
  );
  write('apps/web/src/main.tsx', 'main', 600);
  write('apps/web/index.html', '<html>', 600);
  write('packages/sdk/package.json', manifest('@morsel/sdk', { '@morsel/wire': '*' }), 600);
  write('packages/sdk/src/index.ts', 'sdk', 600);
  write('packages/wire/package.json', manifest('@morsel/wire'), 600);
  write('packages/wire/src/index.ts', 'wire', 600);
  write('packages/server-only/package.json', manifest('@morsel/server-only'), 600);
  write('packages/server-only/src/index.ts', 'server', 600);
  write('apps/web/dist/index.html', '<built>', 300);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the web build check', () => {
  it('is up to date when the build is newer than every input, stale without a build', () => {
    expect(check()).toBe('up to date');
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(check()).toBe('stale');
  });

  it('is stale after a change to the web app source', () => {
    write('apps/web/src/main.tsx', 'changed', 10);
    expect(check()).toBe('stale');
  });

  it('is stale after a change to a workspace package the web app bundles, directly or through another', () => {
    write('packages/wire/src/index.ts', 'changed', 10);
    expect(check()).toBe('stale');
  });

  it('is stale after a dependency change (the lockfile)', () => {
    write('package-lock.json', '{"changed":true}', 10);
    expect(check()).toBe('stale');
  });

  it('ignores packages the web app does not bundle, and test files', () => {
    write('packages/server-only/src/index.ts', 'changed', 10);
    write('packages/sdk/src/index.test.ts', 'test', 10);
    write('apps/web/src/main.test.tsx', 'test', 10);
    expect(check()).toBe('up to date');
  });

  it('checks the operator console as well: stale after a change to its source, up to date once built', () => {
    write('apps/admin/package.json', manifest('@morsel/admin', { '@morsel/sdk': '*' }), 600);
    write('apps/admin/src/main.tsx', 'console', 600);
    expect(check()).toBe('stale');
    write('apps/admin/dist/index.html', '<built>', 300);
    expect(check()).toBe('up to date');
    write('apps/admin/src/main.tsx', 'changed', 10);
    expect(check()).toBe('stale');
  });
});
