import { afterAll, describe } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { openStore } from '../../src/store/index.ts';
import { checkPostgres, createPostgresDatabase, makeDataDir } from '../harness/index.ts';
import { productStoreContract } from './store.contract.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

productStoreContract('SQLite', async () => {
  const dir = await makeDataDir();
  dirs.push(dir);
  return openStore({ sqliteFile: path.join(dir, 'product.sqlite') });
});

// checkPostgres() warns (or, under CI, fails) when PostgreSQL is missing.
describe.runIf(await checkPostgres())('on PostgreSQL', () => {
  const databases: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });
  productStoreContract('PostgreSQL', async () => {
    const database = await createPostgresDatabase();
    databases.push(database);
    return openStore({ databaseUrl: database.url });
  });
});
