// Share codes and assists between friends. A shopper's share code is the one the product API
// gives every account (product_users.share_code); an assist is once per friend and purpose,
// never by the sharer themself (a unique index decides, not a read before the write).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { isUniqueViolation } from '../../store/index.ts';
import * as assists from '../store/assists.ts';
import type { Sharer } from '../store/assists.ts';
import { fail, type CodeName } from '@morsel/api';

export type { Sharer } from '../store/assists.ts';

/** The owner of a share code as a shopper typed or linked it (case and spaces do not matter). */
export function findSharer(db: Kysely<Database>, shareCode: string): Promise<Sharer | undefined> {
  return assists.findSharer(db, shareCode.trim().toUpperCase());
}

export interface AssistRequest {
  campaignId: string;
  purpose: string;
  shareCode: string;
  helperId: number;
  now: number;
  /** Refusal names for self-help and a repeated assist (gifts word them differently). */
  selfRefusal?: CodeName;
  repeatRefusal?: CodeName;
}

/** Records that `helperId` helped the owner of `shareCode`; answers the sharer. */
export async function recordAssist(db: Kysely<Database>, request: AssistRequest): Promise<Sharer> {
  const sharer = await findSharer(db, request.shareCode);
  if (!sharer) throw fail('shareCodeInvalid');
  if (sharer.id === request.helperId) throw fail(request.selfRefusal ?? 'selfAssist');
  try {
    await assists.insertAssist(db, {
      campaignId: request.campaignId,
      purpose: request.purpose,
      sharerId: sharer.id,
      helperId: request.helperId,
      now: request.now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(request.repeatRefusal ?? 'alreadyAssisted');
    throw error;
  }
  return sharer;
}
