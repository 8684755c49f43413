// The SDK as an integrator gets it: built (`packages/im-sdk/scripts/build.ts`), packed with
// `npm pack`, installed into an empty folder, and used there from Node (ES module and
// CommonJS), from TypeScript, and from a page through its browser bundle. The code run is the
// README's own examples, taken from the file as written, so the quick start cannot rot.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdk } from '../packages/im-sdk/scripts/build.ts';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { collectPageErrors, openPhone, type Phone } from './harness/browser.ts';
import { addAppScript } from './harness/scripts.ts';

const run = promisify(execFile);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README = path.join(REPO, 'packages/im-sdk/README.md');
const APP = { appKey: 'package-test-app', secret: 'package-test-secret' };

/** The README's examples: each ```js block announced by `<!-- example: file -->`. */
async function readmeExamples(): Promise<Map<string, string>> {
  const text = await fs.readFile(README, 'utf8');
  const examples = new Map<string, string>();
  for (const match of text.matchAll(/<!-- example: (\S+) -->\s*```js\n([\s\S]*?)```/g))
    examples.set(match[1]!, match[2]!);
  return examples;
}

describe('the SDK package, installed outside the repository', () => {
  let server: TestServer;
  let work: string;
  let app: string;
  let examples: Map<string, string>;
  let phone: Phone;
  const env = () => ({
    ...process.env,
    MORSEL_URL: server.url,
    MORSEL_APP_KEY: APP.appKey,
    MORSEL_APP_SECRET: APP.secret,
  });

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-sdk-package-'));
    app = path.join(work, 'app');
    await fs.mkdir(app);
    // One after the other: the build takes both cores for a while, and a server starting beside
    // it can miss Fastify's start-up time limit on a loaded machine.
    const dist = await buildSdk(path.join(work, 'dist'));
    examples = await readmeExamples();
    server = await startTestServer({ imAppKey: APP.appKey, imAppSecret: APP.secret });
    const { stdout } = await run('npm', ['pack', dist, '--pack-destination', work, '--json']);
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    // An empty project, as an integrator starts; msgpackr's optional native speed-up may run its
    // install script (the README says so).
    await fs.writeFile(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'app', private: true, allowScripts: { 'msgpackr-extract': true } }),
    );
    await run(
      'npm',
      ['install', path.join(work, packed!.filename), '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: app },
    );
    for (const [file, code] of examples) await fs.writeFile(path.join(app, file), code);
    phone = await openPhone();
  }, 360_000);

  afterAll(async () => {
    await phone?.close();
    await server?.stop();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('installs without the monorepo: no workspace package among its dependencies', async () => {
    const manifest = JSON.parse(
      await fs.readFile(path.join(app, 'node_modules/@morsel/im-sdk/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string>; exports: Record<string, unknown> };
    expect(
      Object.keys(manifest.dependencies).filter((name) => name.startsWith('@morsel/')),
    ).toEqual([]);
    // Only what the built files and declarations import (TypeBox for the parameter types).
    expect(Object.keys(manifest.dependencies)).toEqual([
      '@sinclair/typebox',
      '@socket.io/component-emitter',
      'engine.io-client',
      'msgpackr',
    ]);
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './browser',
      './browser/nim',
      './browser/chatroom',
      './package.json',
    ]);
    expect([...examples.keys()]).toEqual(['backend.mjs', 'chat.mjs', 'require.cjs', 'page.js']);
  });

  it('runs the quick start in Node: the backend makes two accounts, one messages the other', async () => {
    const { stdout } = await run('node', ['chat.mjs'], { cwd: app, env: env(), timeout: 30_000 });
    expect(stdout.trim()).toMatch(/^sent success; alice_\w+ → bob_\w+: 你好，Bob！$/);
  });

  it('loads from CommonJS, with NIM’s error type and codes', async () => {
    const { stdout } = await run('node', ['require.cjs'], { cwd: app, env: env() });
    expect(stdout.trim()).toBe('true Param_Error an instance requires an account');
  });

  it('type-checks a TypeScript program against the published declarations', async () => {
    await fs.writeFile(
      path.join(app, 'typed.ts'),
      [
        "import { NIM, ImError, type NimOptions, type ClientMsg } from '@morsel/im-sdk';",
        "const options: NimOptions = { appKey: 'k', account: 'a', token: 't', lbsUrl: 'http://x/im/lbs', autoConnect: false };",
        'const nim: NIM = NIM.getInstance(options);',
        "const sent: Promise<ClientMsg> = nim.sendText({ scene: 'p2p', to: 'b', text: 'hi' });",
        'export const checks = [sent, ImError];',
        '// A wrong call must be refused, or this directive is itself an error: the declarations type the SDK.',
        '// @ts-expect-error scene must be p2p, team or superTeam, and text is required',
        "nim.sendText({ scene: 'nowhere', to: 'b' });",
        '',
      ].join('\n'),
    );
    await fs.writeFile(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2023', 'dom'],
          types: [],
        },
        files: ['typed.ts'],
      }),
    );
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    const checked = await run('node', [tsc, '-p', app], { cwd: app }).catch(
      (error: { stdout: string }) => error,
    );
    expect(checked.stdout).toBe('');
  });

  it('runs in a page from its browser bundle, with NIM and Chatroom as globals', async () => {
    const bundle = await fs.readFile(
      path.join(app, 'node_modules/@morsel/im-sdk/browser/morsel-im.min.js'),
      'utf8',
    );
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/`);
    await addAppScript(page, server.url, 'morsel-im', bundle);
    await addAppScript(page, server.url, 'page-example', examples.get('page.js')!);
    const account = `page_${Date.now().toString(36)}`;
    const { token } = await server.server.imAccounts.create({ appKey: APP.appKey, accid: account });
    const result = await page.evaluate(
      async (login) => {
        const w = window as unknown as {
          Chatroom: unknown;
          startChat(
            login: object,
          ): Promise<{ nim: { destroy(): Promise<void> }; connectionId: string }>;
        };
        const { nim, connectionId } = await w.startChat(login);
        await nim.destroy();
        return { connectionId, chatroom: typeof w.Chatroom };
      },
      { appKey: APP.appKey, account, token, server: server.url },
    );
    expect(result.connectionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.chatroom).toBe('function');
    expect(errors).toEqual([]);
    await page.close();
  });
});
