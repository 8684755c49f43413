// Accounts of the Socket.IO peer: bench0..N-1 with tokens derived from a per-run secret, so the
// peer server and the load generator agree without a database.
import { createHmac } from 'node:crypto';

export const peerAccid = (index: number) => `bench${index}`;

export function peerToken(secret: string, accid: string): string {
  return createHmac('sha256', secret).update(accid).digest('hex').slice(0, 32);
}
