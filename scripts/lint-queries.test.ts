// The no-inline-queries rule (eslint.queries.js) fails every way a query or transaction can be
// written outside a store module, and stays quiet in store modules and on code that only calls
// them. Runs the repository's own ESLint config on small sources at made-up paths.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });

const ROUTE = 'apps/server/src/campaigns/fixture/routes.ts';
const STORE_FOLDER = 'apps/server/src/campaigns/store/fixture.ts';
const STORE_FILE = 'apps/server/src/im/fixture/fixture-store.ts';
const TEST = 'apps/server/src/campaigns/fixture/routes.test.ts';

/** The lines on which ESLint reports the rule in `source` saved as `file`. */
async function queryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, file) });
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal).toEqual([]);
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const head = `import type { Kysely } from 'kysely';\ndeclare const db: Kysely<Record<string, { id: number }>>;\n`;

const query = (call: string) =>
  `export const run = (db: any) => db.${call}('meta').selectAll().execute();\n`;

const refused: [what: string, source: string, why: RegExp][] = [
  ['a query builder call', `export const q = db.selectFrom('t').selectAll();`, /store module/],
  ['an insert', `export const q = db.insertInto('t').values({ id: 1 });`, /store module/],
  ['an update', `export const q = db.updateTable('t').set({ id: 1 });`, /store module/],
  ['a delete', `export const q = db.deleteFrom('t');`, /store module/],
  ['a merge', `export const q = db.mergeInto('t');`, /store module/],
  ['a builder method kept in a variable', `export const from = db.selectFrom;`, /store module/],
  ['a bound builder method', `export const from = db.selectFrom.bind(db);`, /store module/],
  ['a builder method by name', `export const q = db['updateTable']('t');`, /store module/],
  ['a destructured builder method', `export const { deleteFrom } = db;`, /store module/],
  [
    'a query a helper built, run here',
    `declare const built: { execute(): Promise<unknown> };\nexport const rows = built.execute();`,
    /store module/,
  ],
  [
    'a query run for its first row',
    `declare const built: { executeTakeFirst(): Promise<unknown> };\nexport const row = built.executeTakeFirst();`,
    /store module/,
  ],
  [
    "kysely's sql tag",
    `import { sql } from 'kysely';\nexport const one = sql\`select 1\`;`,
    /raw SQL/,
  ],
  [
    "kysely's sql under another name",
    `import { sql as raw } from 'kysely';\nexport const one = raw;`,
    /raw SQL/,
  ],
  [
    "kysely's sql tag through a namespace",
    `import * as kysely from 'kysely';\nexport const one = kysely.sql\`select 1\`;`,
    /raw SQL/,
  ],
  [
    'a hand-compiled query',
    `import { CompiledQuery } from 'kysely';\nexport const q = CompiledQuery.raw('select 1', []);`,
    /raw SQL/,
  ],
  [
    'a transaction',
    `export const t = db.transaction().execute(async (trx) => trx);`,
    /inTransaction/,
  ],
  ['a pinned connection', `export const c = db.connection();`, /inTransaction/],
];

describe('queries stay in store modules', () => {
  // The first lint loads the config and the TypeScript parser: seconds on a busy machine.
  beforeAll(() => queryErrors(ROUTE, head), 60_000);

  for (const [what, source, why] of refused) {
    it(`fails ${what} outside a store module`, async () => {
      const errors = await queryErrors(ROUTE, head + source);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((message) => why.test(message) || /store module/.test(message))).toBe(
        true,
      );
      expect(errors.some((message) => why.test(message))).toBe(true);
    });
  }

  it('allows every one of them in a store folder, a *store*.ts file and a test', async () => {
    for (const file of [STORE_FOLDER, STORE_FILE, TEST]) {
      for (const [, source] of refused) expect(await queryErrors(file, head + source)).toEqual([]);
    }
  }, 30_000);

  it.each([
    ['apps/server/src/product/routes/lizard.ts', 'insertInto'],
    ['apps/server/src/im/gateway/lbs.ts', 'selectFrom'],
    ['apps/server/src/campaigns/raffle/new-route.ts', 'updateTable'],
    ['apps/server/src/seed/index.ts', 'deleteFrom'],
  ])('refuses %s calling %s', async (file, call) => {
    const errors = await queryErrors(file, query(call));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((message) => /store module/.test(message))).toBe(true);
  });

  it.each([
    'apps/server/src/product/store/page-views.ts',
    'apps/server/src/seed/seed-store.ts',
    'apps/server/src/im/teams/team-store.ts',
    'apps/server/src/store/im-directory.ts',
    'apps/server/src/store/migrations/0099_next.ts',
    'apps/server/src/im/gateway/lbs.test.ts',
  ])('allows %s to query', async (file) => {
    expect(await queryErrors(file, query('selectFrom'))).toEqual([]);
  });

  it('still refuses a focused test where queries are allowed', async () => {
    const errors = await queryErrors(
      'apps/server/src/seed/seed-store.ts',
      "import { it } from 'vitest';\nit.only('x', () => {});\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('lets a feature call store functions and run them in one inTransaction', async () => {
    const source = `import type { Kysely } from 'kysely';
import { inTransaction, type Database } from '../../store/index.ts';
declare const db: Kysely<Database>;
declare function takeStock(db: Kysely<Database>, id: number): Promise<boolean>;
declare function insertAward(db: Kysely<Database>, id: number): Promise<void>;
export const won = inTransaction(db, async (trx) => {
  if (await takeStock(trx, 1)) await insertAward(trx, 1);
});
`;
    expect(await queryErrors(ROUTE, source)).toEqual([]);
  });
});
