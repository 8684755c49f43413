// Making console accounts: the create-user command (scripts/admin.ts) and the development seed.
// Production gets no account by itself and never a default password: its first operator is
// made with `npm run admin -- create-user <name> --role operator`.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { countConsoleUsers, saveConsoleUser, type ConsoleRole } from '../store/console-accounts.ts';
import { generatePassword, hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';

export const CONSOLE_ROLES: readonly ConsoleRole[] = ['operator', 'cashier', 'viewer'];
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export type { ConsoleRole };

/** Why an account cannot be made as asked, or undefined. */
export function accountProblem(name: string, role: string, password: string): string | undefined {
  if (!NAME.test(name)) return 'the name is 1-64 letters, digits, "_", "." or "-"';
  if (!(CONSOLE_ROLES as readonly string[]).includes(role))
    return `the role is one of ${CONSOLE_ROLES.join(', ')}`;
  if (password.length < MIN_PASSWORD_LENGTH)
    return `the password has at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 256) return 'the password has at most 256 characters';
  return undefined;
}

/** Creates the account or replaces its password and role (a reset); throws when not allowed. */
export async function saveConsoleAccount(
  db: Kysely<Database>,
  account: { name: string; role: ConsoleRole; password: string },
  now: number,
): Promise<void> {
  const problem = accountProblem(account.name, account.role, account.password);
  if (problem) throw new Error(problem);
  const passwordHash = await hashPassword(account.password);
  await saveConsoleUser(db, { name: account.name, role: account.role, passwordHash }, now);
}

export const DEV_OPERATOR = 'operator';

/**
 * Development only: the first start makes an operator with a generated password, which the
 * banner shows that once (the store keeps only its hash). Undefined when accounts exist.
 */
export async function seedConsoleOperator(
  db: Kysely<Database>,
  now: number,
): Promise<{ name: string; password: string } | undefined> {
  if ((await countConsoleUsers(db)) > 0) return undefined;
  const password = generatePassword();
  await saveConsoleAccount(db, { name: DEV_OPERATOR, role: 'operator', password }, now);
  return { name: DEV_OPERATOR, password };
}
