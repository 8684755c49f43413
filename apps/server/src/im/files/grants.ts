// Upload grants (getSimpleNosToken, getNosToken): a random token bound to one account and one
// object name, stored only as its digest, valid for a limited time and spent by the upload.
import { createHash, randomBytes } from 'node:crypto';
import { FILE_LIMITS } from '@morsel/protocol';
import type { FileStore, UploadGrant } from './file-store.ts';
import { BUCKET, fileUrl, newObjectName } from './file-urls.ts';

/** Long enough for a 100 MB upload on a slow link, resumed a few times. */
export const GRANT_TTL_MS = 6 * FILE_LIMITS.uploadTimeoutMs;

/** Unspent grants one account may hold: each is a row, and asking costs the client nothing. */
export const MAX_LIVE_GRANTS = 500;

export class TooManyGrants extends Error {}

export const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedToken {
  bucket: string;
  objectName: string;
  token: string;
  url: string;
  expireAt: number;
}

export async function issueGrants(
  store: FileStore,
  owner: { appKey: string; accid: string },
  options: { count: number; ext?: string; survivalSeconds?: number; base: string; now: number },
): Promise<IssuedToken[]> {
  const live = await store.liveGrantCount(owner.appKey, owner.accid, options.now);
  if (live + options.count > MAX_LIVE_GRANTS)
    throw new TooManyGrants(
      `at most ${MAX_LIVE_GRANTS} unused upload tokens per account: use them or let them expire`,
    );
  const issued: IssuedToken[] = [];
  const rows: UploadGrant[] = [];
  const expireAt = options.now + GRANT_TTL_MS;
  for (let i = 0; i < options.count; i++) {
    const token = randomBytes(24).toString('base64url');
    const objectName = newObjectName(options.ext);
    rows.push({
      token_hash: digest(token),
      app_key: owner.appKey,
      accid: owner.accid,
      object_name: objectName,
      survival_seconds: options.survivalSeconds ?? null,
      expires_at: expireAt,
      context: null,
      received: 0,
    });
    issued.push({
      bucket: BUCKET,
      objectName,
      token,
      url: fileUrl(options.base, objectName),
      expireAt,
    });
  }
  await store.addGrants(rows);
  return issued;
}

/** The live grant of a token for this object, or undefined. */
export async function grantFor(
  store: FileStore,
  token: string | undefined,
  objectName: string | undefined,
  now: number,
): Promise<UploadGrant | undefined> {
  if (!token || token.length > 128 || !objectName) return undefined;
  const grant = await store.grant(digest(token));
  if (!grant || grant.expires_at <= now || grant.object_name !== objectName) return undefined;
  return grant;
}
