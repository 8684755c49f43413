// Operator console accounts for tests: made in the server's store the way the create-user
// command makes them (scrypt hash), so a test logs in through the real login route.
import { saveConsoleAccount, type ConsoleRole } from '../../src/campaigns/index.ts';
import type { TestServer } from './server.ts';

export type { ConsoleRole };

export async function createConsoleAccount(
  app: TestServer,
  account: { name: string; role: ConsoleRole; password: string },
): Promise<void> {
  await saveConsoleAccount(app.server.store.db, account, Date.now());
}
