// Checks the newer request wrapper's signature (x-co-client, x-co-timeStamp, x-co-sign) before a
// route runs: a known client, a timestamp within ±5 minutes, a signature over the exact request
// (method, path, sorted query, client, timestamp, MD5 of the raw body for POST/PUT/DELETE), and
// no second use of a signature while its timestamp is inside the window.
//
// The H5 client's secret ships in the web bundle by design (the browser signs), so a valid
// signature proves integrity and freshness, not who the caller is: identity comes from `ut`.
import type { FastifyRequest } from 'fastify';
import { SIGN_HEADERS, verifySignature } from '@morsel/open-api-sign';
import { fail } from '@morsel/api';
import { headerValue } from '../../api/index.ts';
import type { ProductContext } from '../context.ts';
import { rememberSignature } from '../store/housekeeping.ts';

export const SIGNATURE_WINDOW_MS = 5 * 60_000;

export async function verifyOpenApiRequest(
  ctx: ProductContext,
  request: FastifyRequest,
): Promise<string> {
  const clientId = headerValue(request, SIGN_HEADERS.client);
  const timestampText = headerValue(request, SIGN_HEADERS.timestamp);
  const signature = headerValue(request, SIGN_HEADERS.sign);
  if (!clientId || !timestampText || !signature) {
    throw fail('signatureMissing', {
      message: `缺少签名信息：${SIGN_HEADERS.client}、${SIGN_HEADERS.timestamp}、${SIGN_HEADERS.sign}`,
      status: 400,
    });
  }

  const secret = ctx.openApiClients.get(clientId);
  if (secret === undefined) throw fail('signatureUnknownClient');

  const now = ctx.clock.now();
  const timestamp = /^\d{1,16}$/.test(timestampText) ? Number(timestampText) : NaN;
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > SIGNATURE_WINDOW_MS) {
    throw fail('signatureStale', { data: { serverTime: now } });
  }

  const [path = '/', search = ''] = request.url.split('?', 2);
  const valid = await verifySignature(
    {
      method: request.method,
      path,
      query: new URLSearchParams(search),
      body: request.rawBody ?? '',
      clientId,
      timestamp,
    },
    secret,
    signature,
  );
  if (!valid) throw fail('signatureInvalid');

  // Kept until the timestamp can no longer pass the window check above.
  const firstUse = await rememberSignature(
    ctx.db,
    `${clientId}:${signature}`,
    timestamp + SIGNATURE_WINDOW_MS + 1000,
  );
  if (!firstUse) throw fail('signatureReplayed');
  return clientId;
}
