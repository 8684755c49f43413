// The import boundaries (eslint.boundaries.js) fire where a part reaches past another's front door,
// and stay quiet on the imports the CONTEXT.md files allow. Runs the repository's own ESLint
// config on one-line sources at made-up paths.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });

/** The boundary messages ESLint gives `import { x } from '<from>'` in file `file`. */
async function boundaryErrors(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, {
    filePath: path.join(repoRoot, file),
  });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const refused: [file: string, from: string, why: RegExp][] = [
  [
    'apps/server/src/campaigns/kernel/awards.ts',
    '../../im/teams/index.ts',
    /never imports the IM parts/,
  ],
  [
    'apps/server/src/product/routes/account.ts',
    '../../im/accounts/index.ts',
    /never imports the IM parts/,
  ],
  [
    'apps/server/src/campaigns/kernel/awards.ts',
    '../../product/codes.ts',
    /only through its index\.ts/,
  ],
  ['apps/server/src/campaigns/index.ts', '../product/store/users.ts', /only through its index\.ts/],
  [
    'apps/server/src/im/extras/pins.ts',
    '../gateway/errors.ts',
    /IM part only through its index\.ts/,
  ],
  [
    'apps/server/src/im/teams/sub/deep.ts',
    '../../gateway/handlers/types.ts',
    /only through its index\.ts/,
  ],
  [
    'apps/server/src/im/messaging/sync.ts',
    '../../store/write-batcher.ts',
    /only through its index\.ts/,
  ],
  ['apps/server/src/store/index.ts', '../product/http.ts', /only through its index\.ts/],
  ['apps/server/src/product/session.ts', '@morsel/im-sdk', /only in tests/],
  ['apps/server/src/app.ts', '@morsel/web', /never imports the web app/],
  ['apps/server/src/app.ts', '../../../packages/protocol/src/codec.ts', /by its name/],
  ['apps/web/src/pages/home.tsx', '@morsel/server', /the web app imports/],
  ['apps/web/src/pages/home.tsx', '../../../server/src/app.ts', /never imports the server/],
  ['packages/protocol/src/codec.ts', '@morsel/im-sdk', /npm packages only/],
  ['packages/api/src/table.ts', '@morsel/protocol', /npm packages only/],
  ['packages/api/src/table.ts', '../../../apps/server/src/app.ts', /must not import apps/],
  // The contract's root carries TypeBox and every schema: the web takes the client and codes only.
  ['apps/web/src/request/api.ts', '@morsel/api', /the web app imports/],
  ['packages/im-sdk/src/nim.ts', '@morsel/open-api-sign', /only @morsel\/protocol/],
  ['packages/im-sdk/src/nim.ts', '../../../apps/server/src/app.ts', /must not import apps/],
  [
    'e2e/login.test.ts',
    '../apps/server/src/product/clock.ts',
    /only through apps\/server\/test\/harness/,
  ],
  [
    'e2e/harness/app.ts',
    '../../apps/server/test/im-link/clients.ts',
    /only through apps\/server\/test\/harness/,
  ],
];

const allowed: [file: string, from: string][] = [
  ['apps/server/src/campaigns/kernel/awards.ts', '../../product/index.ts'],
  ['apps/server/src/campaigns/kernel/awards.ts', '../../store/index.ts'],
  ['apps/server/src/campaigns/kernel/awards.ts', '../codes.ts'],
  ['apps/server/src/campaigns/raffle/routes.ts', '../kernel/awards.ts'],
  ['apps/server/src/im/extras/pins.ts', '../gateway/index.ts'],
  ['apps/server/src/im/extras/pins.ts', '../../log.ts'],
  ['apps/server/src/im/extras/pins.ts', './tables.ts'],
  ['apps/server/src/im/teams/sub/deep.ts', '../handlers.ts'],
  ['apps/server/src/store/schema.ts', '../im/teams/tables.ts'],
  ['apps/server/src/store/schema.ts', '../product/store/tables.ts'],
  ['apps/server/src/app.ts', './http/web-app.ts'],
  ['apps/server/src/im/messaging/messages.test.ts', '@morsel/im-sdk'],
  ['apps/server/test/im-link/teams.test.ts', '@morsel/im-sdk'],
  ['apps/web/src/pages/home.tsx', '@morsel/im-sdk'],
  ['apps/web/src/request/lizard.ts', '@morsel/open-api-sign'],
  ['apps/web/src/request/api.ts', '@morsel/api/client'],
  ['apps/web/src/pages/campaign-kit/api.ts', '@morsel/api/codes'],
  ['apps/server/src/campaigns/raffle/routes.ts', '@morsel/api'],
  ['apps/server/src/campaigns/raffle/routes.ts', '../../api/index.ts'],
  ['packages/im-sdk/src/nim.ts', '@morsel/protocol'],
  ['e2e/login.test.ts', '../apps/server/test/harness/index.ts'],
  ['e2e/login.test.ts', '@morsel/im-sdk'],
  ['bench/scenarios/store-writes.ts', '../../apps/server/src/store/index.ts'],
];

describe('import boundaries', () => {
  it.each(refused)('refuse %s importing %s', async (file, from, why) => {
    const errors = await boundaryErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(why);
  });

  it.each(allowed)('allow %s importing %s', async (file, from) => {
    expect(await boundaryErrors(file, from)).toEqual([]);
  });
});
