// Who may import whom, from each CONTEXT.md's "May import" line and docs/overview.md, as
// `no-restricted-imports` configs. A flat config replaces a rule's options for the files it
// matches instead of merging them, so every file gets exactly one config that carries all the
// restrictions that apply to it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SRC = 'apps/server/src';
const TS = '*.{ts,tsx}';
/** How deep below a part's folder a source file may sit and still be checked. */
const MAX_DEPTH = 6;

const byPackageName = {
  group: ['**/packages/*/src/**', '@morsel/*/src/**'],
  message: 'import a package by its name',
};
const noApps = {
  group: ['**/apps/**', '@morsel/server', '@morsel/web'],
  message: 'packages must not import apps',
};
const noWeb = {
  group: ['@morsel/web', '**/apps/web/**', '**/web/src/**'],
  message: 'the server never imports the web app',
};
const noSdk = {
  group: ['@morsel/im-sdk', '@morsel/im-sdk/**'],
  message: 'the server uses the IM SDK only in tests, which drive it with the SDK',
};

/**
 * The parts of apps/server/src: every top-level folder, and every folder of src/im. Another part
 * is entered only through its index.ts, or its tables.ts (row types, which store/schema.ts
 * composes into the database type), so a part's other files can change without its users.
 */
function serverParts() {
  const folders = (dir) =>
    fs
      .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  return folders(SERVER_SRC).flatMap((name) =>
    name === 'im' ? folders(`${SERVER_SRC}/im`).map((sub) => `im/${sub}`) : [name],
  );
}

/** Parts that never reach the IM cloud (their CONTEXT.md: "Never the IM parts"). */
const NEVER_IM = new Set(['campaigns', 'product']);

// A relative path that, once it has climbed to a parts folder, names a file in a part that is
// not one of its public files.
const INTO_PART = '[^./][^/]*/(?!index\\.tsx?$)(?!(?:.+/)?tables\\.tsx?$).+';

/** The patterns for a file `depth` folders below part `part`'s folder. */
function partPatterns(part, depth) {
  const up = `^(?:\\.\\./){${depth + 1}}`; // from the file to the folder holding the part
  const inIm = part.startsWith('im/');
  const topLevel = inIm ? `${up}\\.\\./` : up; // to apps/server/src
  const patterns = [
    {
      regex: `${topLevel}(?!im/)${INTO_PART}`,
      message: "another part only through its index.ts (add what you need to that part's index)",
    },
    {
      regex: `${inIm ? up : `${topLevel}im/`}${INTO_PART}`,
      message: "another IM part only through its index.ts (add what you need to that part's index)",
    },
  ];
  if (NEVER_IM.has(part))
    patterns.push({
      regex: `${topLevel}im(/|$)`,
      message: `${part} never imports the IM parts (${SERVER_SRC}/${part}/CONTEXT.md)`,
    });
  return patterns;
}

const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

function serverSourceConfigs() {
  const common = [byPackageName, noWeb];
  const configs = [
    // The composition root (app.ts, main.ts) wires every part together and may reach into them.
    restrict([`${SERVER_SRC}/${TS}`], [...common, noSdk], [`${SERVER_SRC}/**/*.test.ts`]),
    restrict([`${SERVER_SRC}/*.test.ts`], common),
  ];
  for (const part of serverParts())
    for (let depth = 0; depth <= MAX_DEPTH; depth++) {
      const files = `${SERVER_SRC}/${part}/${'*/'.repeat(depth)}`;
      const patterns = [...common, ...partPatterns(part, depth)];
      configs.push(restrict([`${files}${TS}`], [...patterns, noSdk], [`${files}*.test.ts`]));
      configs.push(restrict([`${files}*.test.ts`], patterns));
    }
  return configs;
}

export const boundaries = [
  // packages/protocol, packages/open-api-sign and packages/api: npm packages only.
  restrict(
    [
      'packages/protocol/**/*.{ts,tsx}',
      'packages/open-api-sign/**/*.{ts,tsx}',
      'packages/api/**/*.{ts,tsx}',
    ],
    [
      noApps,
      byPackageName,
      { group: ['@morsel/*'], message: 'this package imports npm packages only' },
    ],
  ),
  // packages/im-sdk: the protocol and npm packages.
  restrict(
    ['packages/im-sdk/**/*.{ts,tsx}'],
    [
      noApps,
      byPackageName,
      {
        group: ['@morsel/*', '!@morsel/protocol'],
        message: 'the SDK imports only @morsel/protocol',
      },
    ],
  ),
  // apps/web: the SDK, the protocol, the open-API signing, the API contract's client, codes,
  // endpoints, form rules, the game centre's tap-game rules and the post office's card rules (never its root, whose schemas would weigh on the bundle) and npm
  // packages; never the server.
  restrict(
    ['apps/web/**/*.{ts,tsx}'],
    [
      byPackageName,
      {
        regex:
          '^@morsel/(?!(im-sdk|protocol|open-api-sign|api/client|api/codes|api/code-exports|api/endpoints|api/forms|api/tap-game|api/postoffice|api/cs-push)$)',
        message:
          'the web app imports @morsel/im-sdk, @morsel/protocol, @morsel/open-api-sign, ' +
          '@morsel/api/client, @morsel/api/codes, @morsel/api/code-exports, @morsel/api/endpoints, @morsel/api/forms, ' +
          '@morsel/api/tap-game, @morsel/api/postoffice and @morsel/api/cs-push',
      },
      {
        group: ['**/apps/server/**', '**/server/src/**', '**/server/test/**'],
        message: 'the web app never imports the server',
      },
      {
        group: [
          '@morsel/admin',
          '**/apps/admin/**',
          '**/admin/src/**',
          'antd',
          'antd/**',
          'echarts',
          'echarts/**',
        ],
        message: "the operator console never ships in the shopper's bundle",
      },
    ],
  ),
  // apps/admin, the operator console: the API contract's client, codes and endpoints, and npm
  // packages; never the server, never the web app (nor the web app it).
  restrict(
    ['apps/admin/**/*.{ts,tsx}'],
    [
      byPackageName,
      {
        regex: '^@morsel/(?!(api/client|api/codes|api/endpoints)$)',
        message:
          'the console imports @morsel/api/client, @morsel/api/codes and @morsel/api/endpoints',
      },
      {
        group: ['**/apps/server/**', '**/server/src/**', '**/apps/web/**', '**/web/src/**'],
        message: 'the console never imports the server or the web app',
      },
    ],
  ),
  ...serverSourceConfigs(),
  // The server's tests drive it with the SDK; they never import the web app.
  restrict(['apps/server/test/**/*.{ts,tsx}', 'apps/server/seed/**/*.ts'], [byPackageName, noWeb]),
  // e2e: the server only through its testing export, so the server's internals can move.
  restrict(
    ['e2e/**/*.{ts,tsx}'],
    [
      byPackageName,
      {
        regex: '(^|/)apps/server/(?!test/harness/index\\.ts$)',
        message: 'e2e imports the server only through apps/server/test/harness/index.ts',
      },
      {
        group: ['@morsel/server', '@morsel/server/**'],
        message: 'e2e imports the server only through apps/server/test/harness/index.ts',
      },
    ],
  ),
  // bench may import anything in the repository (bench/CONTEXT.md).
];
