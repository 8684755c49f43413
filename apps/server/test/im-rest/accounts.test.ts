import fs from 'node:fs/promises';
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

if (await checkPostgres()) {
  accountsContract('postgres', async () => {
    const database = await createPostgresDatabase();
    return { open: () => openStore({ databaseUrl: database.url }), dispose: () => database.drop() };
  });
}
