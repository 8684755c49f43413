// Upload tickets: the client log endpoints take a ticket the gateway hands out at IM login
// instead of the public app key alone (review H2), so only a device that logged in can write,
// and its quota keys on the device the ticket names rather than on anything the caller picks.
// A ticket is the payload and an HMAC of it under the app's secret: any process of a cluster can
// check it without a shared table, and changing the app secret voids every ticket.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImAccounts } from '../accounts/index.ts';

export interface UploadTicket {
  appKey: string;
  accid: string;
  deviceId: string;
  /** Epoch ms after which the ticket is refused. */
  expiresAt: number;
}

const PURPOSE = 'morsel-im-upload-ticket\n';
const MAX_TICKET_LENGTH = 512;

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).update(payload).digest();
}

export class UploadTickets {
  constructor(
    private readonly accounts: Pick<ImAccounts, 'getApp'>,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** A ticket for this device of this account, valid for the configured time from now. */
  async issue(appKey: string, accid: string, deviceId: string): Promise<string | undefined> {
    const app = await this.accounts.getApp(appKey);
    if (!app) return undefined;
    const body: UploadTicket = { appKey, accid, deviceId, expiresAt: this.now() + this.ttlMs };
    const payload = Buffer.from(
      JSON.stringify([body.appKey, body.accid, body.deviceId, body.expiresAt]),
    ).toString('base64url');
    return `${payload}.${sign(app.secret, payload).toString('base64url')}`;
  }

  /** What the ticket grants, or undefined when it is malformed, forged, for another app or expired. */
  async verify(ticket: string | undefined): Promise<UploadTicket | undefined> {
    if (!ticket || ticket.length > MAX_TICKET_LENGTH) return undefined;
    const [payload, mac, ...rest] = ticket.split('.');
    if (!payload || !mac || rest.length) return undefined;
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(fields) || fields.length !== 4) return undefined;
    const [appKey, accid, deviceId, expiresAt] = fields as unknown[];
    if (
      typeof appKey !== 'string' ||
      typeof accid !== 'string' ||
      typeof deviceId !== 'string' ||
      typeof expiresAt !== 'number'
    ) {
      return undefined;
    }
    const app = await this.accounts.getApp(appKey);
    if (!app) return undefined;
    const expected = sign(app.secret, payload);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (expiresAt <= this.now()) return undefined;
    return { appKey, accid, deviceId, expiresAt };
  }
}
