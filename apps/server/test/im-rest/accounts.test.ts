import fs from 'node:fs/promises';
import { describe } from 'vitest';
import { openStore, sqliteFileIn } from '../../src/store/index.ts';
import { checkPostgres, createPostgresDatabase, makeDataDir } from '../harness/index.ts';
import { accountsContract } from './accounts.contract.ts';

accountsContract('sqlite', async () => {
  const dataDir = await makeDataDir();
  return {
    open: () => openStore({ sqliteFile: sqliteFileIn(dataDir) }),
    dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
});

describe.runIf(await checkPostgres())('on PostgreSQL', () => {
  accountsContract('postgres', async () => {
    const database = await createPostgresDatabase();
    return { open: () => openStore({ databaseUrl: database.url }), dispose: () => database.drop() };
  });
});
