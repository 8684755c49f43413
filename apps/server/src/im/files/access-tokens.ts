// Access tokens of stored files (getNosAccessToken, deleteNosAccessToken): the uploader of a file
// gets a token whose link (`<file url>?token=<token>`) opens the file until the token is deleted.
// Tokens are stored as their SHA-256 only. Files stay readable by their bare, unguessable URL
// (decision 0017); a token link is what an app hands out when it wants to withdraw access later.
import { randomBytes } from 'node:crypto';
import type { FileStore } from './file-store.ts';
import { digest } from './grants.ts';

export const ACCESS_TOKEN_PARAM = 'token';
/** Live tokens one account may hold: each is a row. */
export const MAX_ACCESS_TOKENS = 1000;

export class TooManyAccessTokens extends Error {}

export async function issueAccessToken(
  store: FileStore,
  owner: { appKey: string; accid: string },
  objectName: string,
  now: number,
): Promise<string> {
  if ((await store.accessTokenCount(owner.appKey, owner.accid)) >= MAX_ACCESS_TOKENS)
    throw new TooManyAccessTokens(
      `at most ${MAX_ACCESS_TOKENS} access tokens per account: delete some with deleteNosAccessToken`,
    );
  const token = randomBytes(24).toString('base64url');
  await store.addAccessToken({
    token_hash: digest(token),
    object_name: objectName,
    app_key: owner.appKey,
    accid: owner.accid,
    created_at: now,
  });
  return token;
}

export async function accessTokenOpens(
  store: FileStore,
  token: string,
  objectName: string,
): Promise<boolean> {
  if (!token || token.length > 128) return false;
  return (await store.accessTokenObject(digest(token))) === objectName;
}
