// A minimal app-backend client for the /nimserver API, as an app developer would write one:
// form-encoded POST with AppKey, Nonce, CurTime and CheckSum headers.
import { createHash, randomBytes } from 'node:crypto';

export interface AppCredentials {
  appKey: string;
  secret: string;
}

export interface SignOverrides {
  nonce?: string;
  curTime?: string;
  checkSum?: string;
  /** Headers to leave out (by NIM name). */
  omit?: string[];
  contentType?: string;
  /** A raw body instead of the form. */
  rawBody?: string;
}

export interface NimReply {
  status: number;
  body: { code: number; desc?: string; info?: { accid: string; token: string; name?: string } };
}

export const nowSeconds = () => String(Math.floor(Date.now() / 1000));
export const freshNonce = () => randomBytes(16).toString('hex');
export const sha1Hex = (text: string) => createHash('sha1').update(text).digest('hex');

export async function nimPost(
  baseUrl: string,
  action: string,
  form: Record<string, string>,
  app: AppCredentials,
  overrides: SignOverrides = {},
): Promise<NimReply> {
  const nonce = overrides.nonce ?? freshNonce();
  const curTime = overrides.curTime ?? nowSeconds();
  const headers: Record<string, string> = {
    AppKey: app.appKey,
    Nonce: nonce,
    CurTime: curTime,
    CheckSum: overrides.checkSum ?? sha1Hex(app.secret + nonce + curTime),
    'Content-Type': overrides.contentType ?? 'application/x-www-form-urlencoded;charset=utf-8',
  };
  for (const name of overrides.omit ?? []) delete headers[name];
  const response = await fetch(
    `${baseUrl}/nimserver/${action.includes('/') ? action : `user/${action}`}.action`,
    {
      method: 'POST',
      headers,
      body: overrides.rawBody ?? new URLSearchParams(form).toString(),
    },
  );
  return { status: response.status, body: (await response.json()) as NimReply['body'] };
}
