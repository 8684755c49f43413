// What join-us and sign-up share: refusing a form's problems by field (64000), recording an
// entry once per shopper and per mobile (the two unique indexes tell which one refused), and the
// entries' views.
import { fail, type CodeName } from '@morsel/api';
import type { Kysely } from 'kysely';
import type { Database } from '../store/index.ts';
import { isUniqueViolation } from '../store/index.ts';
import { entryOfUser, insertEntry, type FormEntryRow } from './store/entries.ts';

export function refuseFields(problems: Record<string, string | undefined>): void {
  const messages = Object.values(problems).filter(Boolean);
  if (messages.length > 0)
    throw fail('formInvalid', { message: messages[0]!, data: { fields: problems } });
}

export async function recordEntry(
  db: Kysely<Database>,
  entry: {
    form: string;
    userId: number;
    name: string;
    mobile: string;
    fields: object;
    now: number;
  },
  duplicateUser: CodeName,
): Promise<FormEntryRow> {
  try {
    return await insertEntry(db, {
      form: entry.form,
      user_id: entry.userId,
      name: entry.name,
      mobile: entry.mobile,
      fields: JSON.stringify(entry.fields),
      created_at: entry.now,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw fail(
      (await entryOfUser(db, entry.form, entry.userId)) ? duplicateUser : 'entryMobileDuplicate',
    );
  }
}
