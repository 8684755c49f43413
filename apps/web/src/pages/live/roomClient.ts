// The live page's chatroom (docs/live-pages.md): one SDK Chatroom per page, entered with the
// shopper's IM login (chat.imLogin) or anonymously as a guest, and what the page shows from it —
// the link's state, the recent messages, the like total and the lottery results the room
// announces. Only the room panel imports this module, so the SDK stays in its lazy chunk.
import { Chatroom, type ChatroomMessage } from '@morsel/im-sdk';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';

export type RoomStatus = 'connecting' | 'online' | 'reconnecting' | 'kicked' | 'failed';

/** A line of the room's feed: a viewer's words, someone entering, or a lottery result. */
export type FeedItem =
  | { kind: 'text'; id: string; from: string; nick: string; text: string; host: boolean }
  | { kind: 'enter'; id: string; nick: string }
  | { kind: 'lottery'; id: string; result: LotteryResult };

export interface LotteryResult {
  drawId: number;
  prize: { name: string; image: string };
  winners: { account: string; nick: string; mobile: string }[];
}

export interface RoomState {
  status: RoomStatus;
  /** My account in the room (an anonymous guest's is the server's `anon_…`). */
  account: string;
  /** Why the room is closed to me (kicked, refused). */
  problem: string | null;
  feed: FeedItem[];
  /** The like total as the room last announced it (null until the first announcement). */
  likes: number | null;
  /** The newest lottery result not yet dismissed. */
  lottery: LotteryResult | null;
  online: number;
}

/** Feed lines kept: a busy room scrolls past the rest. */
const FEED_MAX = 200;

const KICK_TEXT: Record<string, string> = {
  managerKick: '你已被主播移出直播间',
  blacked: '你已被主播移出直播间',
  chatroomClosed: '直播间已关闭',
  samePlatformKick: '你已在其他页面进入直播间',
};

export interface RoomTarget {
  appKey: string;
  chatroomId: string;
  addresses: string[];
  /** The host's IM account (messages from it are marked 主播). */
  hostAccount?: string;
}

type Custom = { type?: unknown; likes?: unknown } & Partial<LotteryResult>;

function parseCustom(content: string | undefined): Custom | undefined {
  try {
    const parsed: unknown = JSON.parse(content ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Custom) : undefined;
  } catch {
    return undefined;
  }
}

/** A guest's name in the room: 游客 and four digits, kept for the browser tab. */
export function guestNick(): string {
  const key = 'morsel.live.guestNick';
  const known = sessionStorage.getItem(key);
  if (known) return known;
  const nick = `游客${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  sessionStorage.setItem(key, nick);
  return nick;
}

export class LiveRoomClient {
  private state: RoomState = {
    status: 'connecting',
    account: '',
    problem: null,
    feed: [],
    likes: null,
    lottery: null,
    online: 0,
  };
  private readonly listeners = new Set<() => void>();
  private room: Chatroom | undefined;
  private hostAccount = '';
  /** Counts open() calls: a run that is no longer the newest (closed meanwhile) does nothing. */
  private run = 0;
  private entered = false;

  /** Makes nothing happen: the page enters the room from an effect (open), because React may
   *  build a component and throw it away unmounted (a render that suspends) — a room entered
   *  in the constructor would stay connected, unseen, and hold the account's place. */
  constructor(
    private readonly target: RoomTarget,
    private readonly loggedIn: boolean,
  ) {}

  /** Enters the room (again after close). */
  open(): void {
    if (this.entered) return;
    this.entered = true;
    void this.start(++this.run);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;

  get sdk(): Chatroom | undefined {
    return this.room;
  }

  private set(changes: Partial<RoomState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }

  private push(items: FeedItem[]): void {
    if (items.length === 0) return;
    this.set({ feed: [...this.state.feed, ...items].slice(-FEED_MAX) });
  }

  private async start(run: number): Promise<void> {
    const current = () => run === this.run && this.entered;
    let login: { account: string; token: string } | undefined;
    if (this.loggedIn) {
      const reply = await api.call('chat.imLogin').catch(() => undefined);
      if (!current()) return;
      if (!reply || !isSuccess(reply)) {
        this.set({ status: 'failed', problem: reply?.message ?? '直播间连接失败，请稍后再试' });
        return;
      }
      login = reply.data;
    }
    if (!current()) return;
    this.room = Chatroom.getInstance({
      appKey: this.target.appKey,
      chatroomId: this.target.chatroomId,
      chatroomAddresses: this.target.addresses,
      ...(login
        ? { account: login.account, token: login.token }
        : { isAnonymous: true, chatroomNick: guestNick() }),
      onconnect: ({ chatroom, member }) => {
        if (!current()) return;
        this.hostAccount = this.target.hostAccount ?? chatroom.creator;
        this.set({
          status: 'online',
          account: member.account,
          problem: null,
          online: chatroom.onlineMemberNum ?? this.state.online,
        });
        void this.loadHistory();
      },
      onerror: (error) => current() && this.set({ status: 'failed', problem: error.message }),
      onwillreconnect: () => current() && this.set({ status: 'reconnecting' }),
      ondisconnect: (info) => {
        const reason = (info as { reason?: string }).reason ?? '';
        if (!current()) return;
        this.set({
          status: KICK_TEXT[reason] ? 'kicked' : 'failed',
          problem: KICK_TEXT[reason] ?? '与直播间的连接已断开',
        });
      },
      onmsgs: (msgs) => current() && this.received(msgs),
    });
    this.room.connect().catch(() => undefined);
  }

  /** The room's recent words and lottery results, for a viewer who just came in. */
  private async loadHistory(): Promise<void> {
    const history = await this.room?.getHistoryMsgs({ limit: 30 }).catch(() => undefined);
    if (!history) return;
    const known = new Set(this.state.feed.map((item) => item.id));
    const older = this.toFeed([...history.msgs].reverse()).filter((item) => !known.has(item.id));
    this.set({ feed: [...older, ...this.state.feed].slice(-FEED_MAX) });
  }

  private toFeed(msgs: ChatroomMessage[]): FeedItem[] {
    const items: FeedItem[] = [];
    for (const msg of msgs) {
      const id = msg.idServer || msg.idClient;
      if (msg.type === 'text' && msg.text)
        items.push({
          kind: 'text',
          id,
          from: msg.from,
          nick: msg.fromNick || msg.from,
          text: msg.text,
          host: msg.from === this.hostAccount,
        });
      else if (msg.type === 'notification' && msg.attach?.type === 'memberEnter')
        items.push({ kind: 'enter', id, nick: msg.attach.fromNick || msg.fromNick || '新朋友' });
      else if (msg.type === 'custom') {
        const custom = parseCustom(msg.content);
        if (custom?.type === 'live-lottery' && custom.prize && custom.winners)
          items.push({
            kind: 'lottery',
            id,
            result: {
              drawId: Number(custom.drawId),
              prize: custom.prize,
              winners: custom.winners,
            },
          });
      }
    }
    return items;
  }

  private received(msgs: ChatroomMessage[]): void {
    let likes = this.state.likes;
    let lottery = this.state.lottery;
    let online = this.state.online;
    for (const msg of msgs) {
      if (msg.type === 'custom') {
        const custom = parseCustom(msg.content);
        if (custom?.type === 'live-likes' && typeof custom.likes === 'number')
          likes = Math.max(likes ?? 0, custom.likes);
        if (custom?.type === 'live-lottery' && custom.prize && custom.winners)
          lottery = {
            drawId: Number(custom.drawId),
            prize: custom.prize,
            winners: custom.winners,
          };
      }
      if (msg.type === 'notification') {
        // My own entry is already in the count the room answered on entering.
        if (msg.attach?.type === 'memberEnter' && msg.attach.from !== this.state.account)
          online += 1;
        if (msg.attach?.type === 'memberExit' || msg.attach?.type === 'kickMember')
          online = Math.max(0, online - 1);
      }
    }
    this.set({ likes, lottery, online });
    this.push(this.toFeed(msgs));
  }

  /** Sends words to the room; the refusal's code when the room says no (13004: muted). */
  async say(text: string): Promise<void> {
    if (!this.room) throw new Error('not in the room');
    const msg = await this.room.sendText({ text });
    this.push(this.toFeed([msg]));
  }

  dismissLottery(): void {
    this.set({ lottery: null });
  }

  /** The host's tools: the chatroom checks them again (owner or manager only). */
  async mute(account: string): Promise<void> {
    await this.room?.markChatroomGaglist({ account, isAdd: true });
  }

  async kick(account: string): Promise<void> {
    await this.room?.kickChatroomMember({ account });
  }

  /** After a failure (not a kick): enter again with a fresh link. */
  retry = (): void => {
    this.close();
    this.set({ status: 'connecting', problem: null });
    this.open();
  };

  close(): void {
    this.entered = false;
    const room = this.room;
    this.room = undefined;
    void room?.destroy().catch(() => undefined);
  }
}
