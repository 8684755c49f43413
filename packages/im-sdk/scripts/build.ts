// Builds the SDK as a package that works outside this repository (docs/im-sdk-quick-start.md):
//   dist/esm/index.js       ES module for bundlers and Node (`import { NIM } from '@morsel/im-sdk'`)
//   dist/cjs/index.cjs      CommonJS for Node (`require('@morsel/im-sdk')`)
//   dist/index.d.ts         one declaration file, the protocol's types inlined
//   dist/browser/morsel-im.min.js  minified, every dependency inside, globals NIM and Chatroom
//   dist/browser/morsel-nim.min.js, morsel-chatroom.min.js  the same for NIM alone or Chatroom
//                                  alone, as NIM ships NIM_Web_NIM.js and NIM_Web_Chatroom.js
//   dist/package.json, dist/README.md   the published manifest and the quick start
// The protocol package (@morsel/protocol, private) is bundled in; npm packages stay dependencies.
// Run: `npm run build:sdk` (then `npm pack ./packages/im-sdk/dist`).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build } from 'rolldown';
import { minify } from 'terser';
import { externalDependencies, publishedManifest, readManifest } from './manifest.ts';

const SDK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROTOCOL_DIR = path.resolve(SDK_DIR, '../protocol');

/** The script-tag bundles: entry in src/, file in dist/browser/, and the links it talks on. */
export const BROWSER_BUNDLES = [
  ['browser-global.ts', 'morsel-im.min.js', 'both'],
  ['browser-nim.ts', 'morsel-nim.min.js', 'im'],
  ['browser-chatroom.ts', 'morsel-chatroom.min.js', 'both'],
] as const;

/**
 * The protocol reads frame bodies through its own import map (`#unpack-body`): the small plain
 * reader in browsers (decision 0063), msgpackr in Node. The ES module and CommonJS builds take
 * the msgpackr one, msgpackr staying a dependency of the published package as before, so Node
 * keeps its native decoder; the browser bundles resolve the map's `browser` condition.
 */
const npmMsgpackr = {
  name: 'npm-msgpackr',
  resolveId: (id: string) =>
    id === '#unpack-body' ? path.join(PROTOCOL_DIR, 'src/msgpackr-reader.ts') : null,
};

const ENGINE_IO_ESM = path.resolve(SDK_DIR, '../../node_modules/engine.io-client/build/esm');
const TRANSPORTS_WITHOUT_WT = '\0engine.io-client-transports';

/**
 * engine.io-client's socket imports its table of every transport, WebTransport among them, and
 * with it engine.io-parser's stream codec: 0.9 kB gzip that a script-tag bundle cannot use (the
 * SDK opens websocket or polling only, `TransportName`; the server has no HTTP/3). For those
 * bundles this serves the table without it (decision 0063). If a later engine.io-client moves
 * the import, the plugin matches nothing and the bundle is as before; browser-bundle.test.ts
 * then fails.
 */
export const transportsWithoutWebTransport = {
  name: 'engine.io-client-transports-without-webtransport',
  resolveId: (id: string, importer?: string) =>
    id === './transports/index.js' && importer === path.join(ENGINE_IO_ESM, 'socket.js')
      ? TRANSPORTS_WITHOUT_WT
      : null,
  load: (id: string) =>
    id === TRANSPORTS_WITHOUT_WT
      ? [
          `import { XHR } from ${JSON.stringify(path.join(ENGINE_IO_ESM, 'transports/polling-xhr.js'))};`,
          `import { WS } from ${JSON.stringify(path.join(ENGINE_IO_ESM, 'transports/websocket.js'))};`,
          'export const transports = { websocket: WS, polling: XHR };',
        ].join('\n')
      : null,
};

/** One entry of the generated wire table's text (wire-text.ts), as a quoted literal. */
const CHATROOM_WIRE_ENTRY = /'[A-Za-z]+,\d+,\d+,[rp]c[01](?:,\d+)?;'/g;

/**
 * The IM-only bundle never opens a chatroom link, so its copy of the command table leaves out
 * the chatroom link's commands (their flags' second letter is `c`): each such literal of
 * wire.generated.ts becomes '' (0.25 kB gzip, issue 24's 40 kB goal). The chatroom bundle looks
 * IM commands up too (getChatroomAddress), so it and the combined bundle keep the whole table.
 * browser-bundle.test.ts checks both.
 */
export const imLinkCommandsOnly = {
  name: 'im-link-commands-only',
  transform: (code: string, id: string) =>
    // `map: null` keeps the file's map: the entries shrink within their lines, which move none.
    id.endsWith(path.join('commands', 'wire.generated.ts'))
      ? { code: code.replace(CHATROOM_WIRE_ENTRY, "''"), map: null }
      : null,
};

/** The build plugins of a script-tag bundle. */
export const browserPlugins = (links: (typeof BROWSER_BUNDLES)[number][2]) =>
  links === 'im'
    ? [transportsWithoutWebTransport, imLinkCommandsOnly]
    : [transportsWithoutWebTransport];

/**
 * Terser minifies the script-tag bundles: 0.8 kB gzip smaller than rolldown's own minifier on
 * IM alone (decision 0063). Two compress passes; the source map follows rolldown's.
 */
async function minifyBundle(code: string, map: string, file: string) {
  const result = await minify(code, {
    compress: { passes: 3 },
    // engine.io-client's internal fields (`_transportsByName`, `_pingTimeoutTimer`...): only
    // engine.io-client names properties so, and only inside the bundle.
    mangle: { properties: { regex: /^_[a-zA-Z]/ } },
    ecma: 2020,
    sourceMap: { content: map, url: `${file}.map` },
  });
  return { code: result.code!, map: result.map as string };
}

export async function buildSdk(outDir = path.join(SDK_DIR, 'dist')): Promise<string> {
  const [sdk, protocol] = await Promise.all([readManifest(SDK_DIR), readManifest(PROTOCOL_DIR)]);
  const externals = Object.keys(externalDependencies(sdk, protocol));
  const isExternal = (id: string) =>
    externals.some((name) => id === name || id.startsWith(`${name}/`));
  await fs.rm(outDir, { recursive: true, force: true });

  const entry = path.join(SDK_DIR, 'src/index.ts');
  const imported = new Set<string>();
  for (const [format, file] of [
    ['esm', 'esm/index.js'],
    ['cjs', 'cjs/index.cjs'],
  ] as const) {
    const { output } = await build({
      input: entry,
      external: isExternal,
      plugins: [npmMsgpackr],
      platform: 'neutral',
      logLevel: 'warn',
      output: { file: path.join(outDir, file), format, sourcemap: true },
    });
    for (const chunk of output)
      if (chunk.type === 'chunk') for (const id of chunk.imports) imported.add(id);
  }
  // The three script-tag bundles side by side: terser's passes are most of the build's CPU.
  await Promise.all(
    BROWSER_BUNDLES.map(async ([source, file, links]) => {
      const target = path.join(outDir, 'browser', file);
      const { output } = await build({
        input: path.join(SDK_DIR, 'src', source),
        platform: 'browser',
        plugins: browserPlugins(links),
        // A field declared without a value (`context;`, about 90 of them) is left out, as
        // TypeScript's `useDefineForClassFields: false` does: the constructors assign them
        // anyway (0.23 kB gzip for IM alone, issue 24's 40 kB goal). rolldown applies the option
        // only without a tsconfig (the tsconfig's ES2022 target would restore define semantics);
        // nothing here needs one, and nothing in the SDK enumerates an instance's own keys.
        transform: { typescript: { removeClassFieldsWithoutInitializer: true } },
        tsconfig: false,
        logLevel: 'warn',
        write: false,
        // `file` only places the source map's paths; terser writes the file below.
        output: { file: target, format: 'iife', sourcemap: true },
      });
      const chunk = output.find((o) => o.type === 'chunk')!;
      const minified = await minifyBundle(chunk.code, JSON.stringify(chunk.map), file);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await Promise.all([
        fs.writeFile(target, minified.code),
        fs.writeFile(`${target}.map`, minified.map),
      ]);
    }),
  );

  const [declarations] = generateDtsBundle(
    [{ filePath: entry, libraries: { inlinedLibraries: ['@morsel/protocol'] } }],
    { preferredConfigPath: path.join(SDK_DIR, 'tsconfig.build.json') },
  );
  await fs.writeFile(path.join(outDir, 'index.d.ts'), declarations!);
  // The declarations name TypeBox's types (a command's parameters are the Static of its schema):
  // a TypeScript integrator needs the package even though no built file runs it.
  for (const [, id] of declarations!.matchAll(/(?:from|import\()\s*["']([^"'.][^"']*)["']/g))
    imported.add(id!);
  await fs.writeFile(
    path.join(outDir, 'package.json'),
    `${JSON.stringify(publishedManifest(sdk, protocol, [...imported]), null, 2)}\n`,
  );
  await fs.copyFile(path.join(SDK_DIR, 'README.md'), path.join(outDir, 'README.md'));
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = await buildSdk();
  console.log(`built ${path.relative(process.cwd(), outDir)}`);
}
