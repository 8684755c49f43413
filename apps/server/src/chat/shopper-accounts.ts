// The shopper's IM account (docs/chat-pages.md, decision 0044): made in the default IM app
// through the IM accounts service on the shopper's first chat page, and logged in with a token
// derived from the app secret and a generation kept per shopper. Every live session of the
// shopper gets the same token (tabs and devices chat side by side); when one of them logs out
// the generation moves on, the IM account takes the next token and its connections are closed,
// so a logged-out device's token stops working at once. Nothing here logs a token.
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import { ImAccountError, NAME_MAX, type ImAccounts } from '../im/accounts/index.ts';
import type { Database } from '../store/index.ts';
import { changeAccid, claimShopper, findShopper, nextTokenEpoch } from './store.ts';

export interface ShopperImLogin {
  appKey: string;
  account: string;
  token: string;
  nick: string;
}

export interface ShopperAccountsDeps {
  db: Kysely<Database>;
  accounts: ImAccounts;
  /** The default IM app (the one the seed makes). */
  appKey: string;
  now: () => number;
}

/** The accid a shopper gets first: `shopper<id>`, short and readable in the operator tools. */
export const shopperAccid = (userId: number): string => `shopper${userId}`;

/** The name other chatters see: the nickname, else 用户 and the mobile's last four digits. */
export function chatNick(user: { nickname: string; mobile: string }): string {
  const nick = user.nickname.trim() || `用户${user.mobile.slice(-4)}`;
  return [...nick].slice(0, NAME_MAX).join('');
}

export class ShopperAccounts {
  constructor(private readonly deps: ShopperAccountsDeps) {}

  /** The shopper's IM login: the account made on first use, its token current. */
  async login(user: { id: number; nickname: string; mobile: string }): Promise<ShopperImLogin> {
    const { accounts, appKey } = this.deps;
    const app = await accounts.getApp(appKey);
    if (!app) throw fail('chatUnavailable');
    const nick = chatNick(user);
    const row = await this.ensureRow(user.id);
    const token = deriveToken(app.secret, row.accid, row.token_epoch);
    const verdict = await accounts.verifyLogin(appKey, row.accid, token);
    if (!verdict.ok && verdict.code === 422) throw fail('chatAccountBlocked');
    if (!verdict.ok) await this.provision(user.id, row.accid, token, nick);
    const current = await findShopper(this.deps.db, user.id);
    return {
      appKey,
      account: current!.accid,
      token: deriveToken(app.secret, current!.accid, current!.token_epoch),
      nick,
    };
  }

  /** The default IM app's secret (signs invite links); 65000 when the app is missing. */
  async appSecret(): Promise<string> {
    const app = await this.deps.accounts.getApp(this.deps.appKey);
    if (!app) throw fail('chatUnavailable');
    return app.secret;
  }

  /** The chat name of an account of the default app ('' when unknown). */
  async nickOf(accid: string): Promise<string> {
    return (await this.deps.accounts.get(this.deps.appKey, accid))?.name ?? '';
  }

  /**
   * A session of the shopper ended (logout): the next token generation. The IM account's live
   * connections close (the accounts service kicks them); the shopper's other sessions ask again.
   */
  async sessionEnded(userId: number): Promise<void> {
    const { accounts, appKey, db } = this.deps;
    const epoch = await nextTokenEpoch(db, userId);
    if (epoch === undefined) return;
    const row = await findShopper(db, userId);
    const app = await accounts.getApp(appKey);
    if (!row || !app || !(await accounts.get(appKey, row.accid))) return;
    await accounts.update({
      appKey,
      accid: row.accid,
      token: deriveToken(app.secret, row.accid, epoch),
    });
  }

  private async ensureRow(userId: number) {
    const { db, appKey, now } = this.deps;
    const found = await findShopper(db, userId);
    if (found) return found;
    await claimShopper(db, {
      user_id: userId,
      app_key: appKey,
      accid: shopperAccid(userId),
      created_at: now(),
    });
    // Either ours, or the one a concurrent request of the same shopper claimed.
    return (await findShopper(db, userId))!;
  }

  /**
   * Makes the IM account, or gives it the token of the current generation (the generation moved
   * in another process, or the app secret was rotated). An accid already registered by someone
   * else in the IM app (through the server API) is never taken over: the shopper moves to a
   * fresh one.
   */
  private async provision(userId: number, accid: string, token: string, nick: string) {
    const { accounts, appKey, db } = this.deps;
    const existing = await accounts.get(appKey, accid);
    if (existing && (await this.isOurs(userId, accid, existing.props))) {
      await accounts.update({ appKey, accid, token });
      return;
    }
    let target = accid;
    if (existing) {
      target = `${shopperAccid(userId)}_${randomBytes(4).toString('hex')}`;
      await changeAccid(db, userId, target);
    }
    const row = (await findShopper(db, userId))!;
    const app = (await accounts.getApp(appKey))!;
    try {
      await accounts.create({
        appKey,
        accid: target,
        name: nick,
        props: JSON.stringify({ shopper: userId }),
        token: deriveToken(app.secret, target, row.token_epoch),
      });
    } catch (error) {
      // A concurrent request of the same shopper made it first: its token is the same.
      if (!(error instanceof ImAccountError && error.reason === 'already_registered')) throw error;
    }
  }

  /** The IM account was made for this shopper (its props name them). */
  private async isOurs(userId: number, accid: string, props: string): Promise<boolean> {
    try {
      const parsed = JSON.parse(props) as { shopper?: unknown };
      return (
        parsed.shopper === userId && (await findShopper(this.deps.db, userId))?.accid === accid
      );
    } catch {
      return false;
    }
  }
}

/** The IM token of a generation: HMAC-SHA256 with the app secret, 43 base64url characters. */
export function deriveToken(secret: string, accid: string, epoch: number): string {
  return createHmac('sha256', secret).update(`chat-shopper:${accid}:${epoch}`).digest('base64url');
}
