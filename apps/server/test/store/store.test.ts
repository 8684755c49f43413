import fs from 'node:fs/promises';
import { describe } from 'vitest';
import { openStore, sqliteFileIn } from '../../src/store/index.ts';
import { checkPostgres, createPostgresDatabase, makeDataDir } from '../harness/index.ts';
import { storeContract } from './store.contract.ts';

storeContract('sqlite', async () => {
  const dataDir = await makeDataDir();
  const open = () => openStore({ sqliteFile: sqliteFileIn(dataDir) });
  return { open, reopen: open, dispose: () => fs.rm(dataDir, { recursive: true, force: true }) };
});

describe.runIf(await checkPostgres())('on PostgreSQL', () => {
  storeContract('postgres', async () => {
    const database = await createPostgresDatabase();
    const open = () => openStore({ databaseUrl: database.url });
    return { open, reopen: open, dispose: () => database.drop() };
  });
});
