// Live sessions as the routes and the demo seed use them: making one (the host's IM account owns
// its new chatroom), the view the pages get, and the host's IM account.
import type { Kysely } from 'kysely';
import type { ShopperAccounts } from '../chat/index.ts';
import { findUserById, type ProductUser } from '../product/index.ts';
import type { Database } from '../store/index.ts';
import type { LiveRooms } from './room.ts';
import { insertSession, type LiveSession } from './store.ts';
import { defaultCover, sessionView } from './views.ts';

export interface NewSession {
  title: string;
  host: ProductUser;
  startsAt: number;
  endsAt: number;
  stream: string;
  cover?: string;
  campaignId: string;
}

/** The name a host goes by: the nickname, else 主播 and the mobile's last four digits. */
export const hostNickOf = (host: Pick<ProductUser, 'nickname' | 'mobile'>): string =>
  host.nickname.trim() || `主播${host.mobile.slice(-4)}`;

export class LiveSessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly shoppers: ShopperAccounts,
    readonly rooms: LiveRooms,
    private readonly now: () => number,
  ) {}

  async create(input: NewSession): Promise<LiveSession> {
    const { appKey, account } = await this.shoppers.login({
      ...input.host,
      id: Number(input.host.id),
    });
    const roomId = await this.rooms.create(appKey, account, input.title);
    return insertSession(this.db, {
      title: input.title,
      cover: input.cover ?? defaultCover(input.stream),
      stream: input.stream,
      campaign_id: input.campaignId,
      host_user_id: Number(input.host.id),
      app_key: appKey,
      chatroom_id: roomId,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      created_at: this.now(),
    });
  }

  async view(session: LiveSession) {
    const host = await findUserById(this.db, session.host_user_id);
    return sessionView(session, this.now(), {
      hostNick: host ? hostNickOf(host) : '主播',
      online: await this.rooms.onlineCount({
        appKey: session.app_key,
        roomId: session.chatroom_id,
      }),
    });
  }

  /** The host's IM account (made on first use, as every shopper's). */
  async hostAccid(session: LiveSession): Promise<string> {
    const host = await findUserById(this.db, session.host_user_id);
    if (!host) throw new Error(`live session ${session.id} names a missing host`);
    return (await this.shoppers.login({ ...host, id: Number(host.id) })).account;
  }
}
